-- Episodes scored before tdo recorded first_choice_share:<server> and used_server:<server> get both here, for
-- every server their run connected, from their tool steps, by the rule of src/run/server-choice.ts: a call made
-- right after an error result is a fallback, not a choice. Their `selection` score (used_server of the suite's
-- target, under a name that meant other things elsewhere) goes. Proxy sessions, never scored, are left alone.
DELETE FROM `scores` WHERE `name` = 'selection' AND `episode_id` IN (
  SELECT `e`.`id` FROM `episodes` AS `e`
  WHERE `e`.`status` = 'completed'
    AND EXISTS (SELECT 1 FROM `scores` AS `s` WHERE `s`.`episode_id` = `e`.`id` AND `s`.`name` = 'success')
    AND NOT EXISTS (SELECT 1 FROM `scores` AS `s` WHERE `s`.`episode_id` = `e`.`id` AND `s`.`name` LIKE 'first_choice_share:%')
);
--> statement-breakpoint
WITH `scored` AS (
  SELECT `e`.`id`, `e`.`run_id` FROM `episodes` AS `e`
  WHERE `e`.`status` = 'completed'
    AND EXISTS (SELECT 1 FROM `scores` AS `s` WHERE `s`.`episode_id` = `e`.`id` AND `s`.`name` = 'success')
    AND NOT EXISTS (SELECT 1 FROM `scores` AS `s` WHERE `s`.`episode_id` = `e`.`id` AND `s`.`name` LIKE 'first_choice_share:%')
),
`calls` AS (
  SELECT `st`.`episode_id`, `st`.`server`,
    LAG(`st`.`is_error`, 1, 0) OVER (PARTITION BY `st`.`episode_id` ORDER BY `st`.`seq`) IS NOT 1 AS `chosen`
  FROM `steps` AS `st`
  WHERE `st`.`kind` = 'tool' AND `st`.`episode_id` IN (SELECT `id` FROM `scored`)
),
`per_server` AS (
  SELECT `episode_id`, `server`, SUM(`chosen`) AS `mine` FROM `calls` GROUP BY `episode_id`, `server`
),
`per_episode` AS (
  SELECT `episode_id`, SUM(`chosen`) AS `choices` FROM `calls` GROUP BY `episode_id`
),
`pairs` AS (
  SELECT `scored`.`id` AS `episode_id`, `j`.`key` AS `server`, COALESCE(`p`.`mine`, 0) AS `mine`, COALESCE(`t`.`choices`, 0) AS `choices`, `p`.`episode_id` IS NOT NULL AS `used`
  FROM `scored` JOIN `runs` AS `r` ON `r`.`id` = `scored`.`run_id`
    JOIN json_each(`r`.`version_ids`) AS `j`
    LEFT JOIN `per_server` AS `p` ON `p`.`episode_id` = `scored`.`id` AND `p`.`server` = `j`.`key`
    LEFT JOIN `per_episode` AS `t` ON `t`.`episode_id` = `scored`.`id`
)
INSERT INTO `scores` (`episode_id`, `name`, `value`, `comment`)
SELECT `episode_id`, 'first_choice_share:' || `server`, CASE WHEN `choices` = 0 THEN 0.0 ELSE CAST(`mine` AS REAL) / `choices` END,
  `mine` || ' of ' || `choices` || ' first choices went to ' || `server` || '.'
FROM `pairs`
UNION ALL
SELECT `episode_id`, 'used_server:' || `server`, `used`, NULL FROM `pairs`;
