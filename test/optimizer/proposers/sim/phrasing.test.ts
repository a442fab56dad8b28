import { describe, expect, it } from 'vitest';
import { gerund, jobWords, listItems, nameJob, plural } from '../../../../optimizer/proposers/sim/phrasing.ts';
import { proseList } from '../../../../src/index.ts';

describe('jobWords', () => {
  it('takes the verbs and the head nouns of a request, phrasal verbs whole', () => {
    expect(jobWords('look at the road trip log')).toEqual({ verbs: ['look at'], nouns: ['logs'] });
    expect(jobWords('work out an 18 percent tip on an 86.50 dinner bill')).toMatchObject({ verbs: ['work out'], nouns: ['tips', 'bills'] });
    expect(jobWords('go through our November budget').verbs).toEqual(['go through']);
  });

  it('leaves out names, places, possessives, numbers and verbs that say nothing', () => {
    const words = jobWords("how far was the Denver to Moab drive, and what does Priya's timesheet say");
    expect(words.nouns).not.toContain('denver');
    expect(words.nouns).not.toContain('moab');
    expect(words.nouns.join(' ')).not.toMatch(/priya/);
    expect(words.verbs).not.toContain('say');
    expect(jobWords('what is 12 times 7').nouns).toEqual([]);
  });

  it('leaves out the words of a request for help and of amounts, which name no job', () => {
    expect(jobWords('help me assist reviews with options')).toEqual({ verbs: [], nouns: ['reviews'] });
    expect(jobWords('experience the next level of map navigation').nouns).toEqual(['navigation']);
  });

  it('keeps units of measure as written, however capitalised', () => {
    expect(jobWords('convert 350 Fahrenheit to Celsius')).toEqual({ verbs: ['convert'], nouns: ['fahrenheit', 'celsius'] });
    expect(jobWords('how many grams is 12 ounces').nouns).toEqual(['grams', 'ounces']);
  });
});

describe('inflection and lists', () => {
  it('makes gerunds and plurals', () => {
    expect(['read', 'add up', 'split'].map(gerund)).toEqual(['reading', 'adding up', 'splitting']);
    expect(['log', 'recipe', 'flour'].map(plural)).toEqual(['logs', 'recipes', 'flour']);
  });

  it("keeps a mass noun singular when its plural is no word of the vectors' corpus", () => {
    expect(['data', 'assistance', 'guidance'].map(plural)).toEqual(['data', 'assistance', 'guidance']);
  });

  it('joins items as prose and splits them back', () => {
    expect(proseList(['a'])).toBe('a');
    expect(proseList(['a', 'b'], 'or')).toBe('a or b');
    expect(proseList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(listItems('a, b and c')).toEqual(['a', 'b', 'c']);
    expect(listItems('add up or look at')).toEqual(['add up', 'look at']);
  });

  it('reads the job a tool name states, when it has a verb', () => {
    expect(nameJob('read_file')).toBe('read files');
    expect(nameJob('unit_convert')).toBe('convert units');
    expect(nameJob('listDirectory')).toBe('list directories');
    expect(nameJob('calculator')).toBeUndefined();
    // a domain prefix before the camel-case run is neither its verb nor its object: not "train finds" or "book hotels"
    expect(nameJob('Trains_1_FindTrains')).toBe('find trains');
    expect(nameJob('Alarm_1_AddAlarm')).toBe('add alarms');
    expect(nameJob('Hotels_2_BookHouse')).toBe('book houses');
    expect(nameJob('Movies_1_BuyMovieTickets')).toBe('buy movie tickets');
    // the object is the whole noun phrase, never one word cut from it, up to a preposition; or nothing
    expect(nameJob('add_issue_comment')).toBe('add issue comments');
    expect(nameJob('create_pull_request_review')).toBe('create pull request reviews');
    expect(nameJob('add_tasks_to_request')).toBe('add tasks');
    expect(nameJob('create_or_update_file')).toBe('create or update files');
    expect(nameJob('open_task_details')).toBe('open task details');
    expect(nameJob('mark_task_done')).toBeUndefined();
    expect(nameJob('execute')).toBeUndefined();
    // a word naming the tool itself is no object: GiftTool does not "gift tools"
    expect(nameJob('GiftTool') ?? '').not.toMatch(/tools/);
    expect(nameJob('RestaurantBookingTool') ?? '').not.toMatch(/tools/);
  });
});
