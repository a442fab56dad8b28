import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** Ids are `neg-` and 12 hex digits; a much longer argument cannot be one, so it is refused unread. */
export const MAX_NEGOTIATION_ID_LENGTH = 64;

export type NegotiationStatus = 'open' | 'agreed' | 'closed';

export interface Negotiation {
  id: string;
  buyer: string;
  item: string;
  quantity: number;
  fulfilment: 'in_stock' | 'backorder';
  ask: number;
  floor: number;
  rounds: number;
  status: NegotiationStatus;
  agreedPrice: number | null;
  dealPrice: number | null;
}

/** A negotiation as its table stores it: the same fields, the two prices under their column names. */
type Row = Omit<Negotiation, 'agreedPrice' | 'dealPrice'> & { agreed_price: number | null; deal_price: number | null };

const SCHEMA = `
CREATE TABLE IF NOT EXISTS negotiations (
  id TEXT PRIMARY KEY,
  buyer TEXT NOT NULL,
  item TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  fulfilment TEXT NOT NULL CHECK (fulfilment IN ('in_stock', 'backorder')),
  ask REAL NOT NULL,
  floor REAL NOT NULL,
  rounds INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('open', 'agreed', 'closed')),
  agreed_price REAL,
  deal_price REAL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
)`;

export type AcceptResult = { closed: Negotiation } | { alreadyClosed: Negotiation } | { refusal: string };

/**
 * Negotiation state in one SQLite file per seller: every request reads and writes the file, nothing is
 * kept in process memory, so any process serving this seller can continue any negotiation. Writes that
 * depend on what they read run in IMMEDIATE transactions, which SQLite serializes across processes.
 */
export class NegotiationStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = openWithRetry(file);
  }

  open(input: Omit<Negotiation, 'id' | 'rounds' | 'status' | 'agreedPrice' | 'dealPrice'>): Negotiation {
    const id = `neg-${randomBytes(6).toString('hex')}`;
    const now = new Date().toISOString();
    this.db
      .prepare(
        `INSERT INTO negotiations (id, buyer, item, quantity, fulfilment, ask, floor, status, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)`,
      )
      .run(id, input.buyer, input.item, input.quantity, input.fulfilment, input.ask, input.floor, now, now);
    return this.get(id)!;
  }

  get(id: string): Negotiation | undefined {
    const row = this.db.prepare('SELECT * FROM negotiations WHERE id = ?').get(id) as Row | undefined;
    return row === undefined ? undefined : fromRow(row);
  }

  /**
   * Applies one round to a negotiation that is not closed, atomically: `respond` sees the current
   * state and returns the new ask and, on agreement, the agreed price. Returns undefined when the
   * negotiation was closed meanwhile.
   */
  recordRound(id: string, respond: (current: Negotiation) => { ask: number; agreedPrice?: number }): Negotiation | undefined {
    return this.db
      .transaction(() => {
        const current = this.get(id);
        if (current === undefined || current.status === 'closed') return undefined;
        const outcome = respond(current);
        const agreed = outcome.agreedPrice ?? current.agreedPrice;
        this.db
          .prepare(`UPDATE negotiations SET ask = ?, rounds = rounds + 1, agreed_price = ?, status = ?, updated_at = ? WHERE id = ?`)
          .run(outcome.ask, agreed, agreed === null ? 'open' : 'agreed', new Date().toISOString(), id);
        return this.get(id)!;
      })
      .immediate();
  }

  /**
   * Closes the deal unless it is closed already: `decide` sees the current state and names the price
   * or refuses. Read, decision and the conditional update form one IMMEDIATE transaction, so of any
   * number of concurrent accepts, in any number of processes, exactly one makes the deal.
   */
  accept(id: string, decide: (current: Negotiation) => { price: number } | { refusal: string }): AcceptResult {
    return this.db
      .transaction((): AcceptResult => {
        const current = this.get(id)!;
        if (current.status === 'closed') return { alreadyClosed: current };
        const decision = decide(current);
        if ('refusal' in decision) return { refusal: decision.refusal };
        const changed = this.db
          .prepare(`UPDATE negotiations SET status = 'closed', deal_price = ?, updated_at = ? WHERE id = ? AND status != 'closed'`)
          .run(decision.price, new Date().toISOString(), id).changes;
        return changed === 1 ? { closed: this.get(id)! } : { alreadyClosed: this.get(id)! };
      })
      .immediate();
  }

  dispose(): void {
    this.db.close();
  }
}

function fromRow(row: Row): Negotiation {
  return {
    id: row.id,
    buyer: row.buyer,
    item: row.item,
    quantity: row.quantity,
    fulfilment: row.fulfilment,
    ask: row.ask,
    floor: row.floor,
    rounds: row.rounds,
    status: row.status,
    agreedPrice: row.agreed_price,
    dealPrice: row.deal_price,
  };
}

const OPEN_ATTEMPTS = 20;

/**
 * Opens the file in WAL mode with the schema in place. Another process may hold a lock for a moment (two
 * processes of one seller opening a fresh file): the busy timeout waits for ordinary locks, and the rare
 * BUSY that SQLite returns without waiting (a stale read snapshot) is answered by starting over.
 */
function openWithRetry(file: string): Database.Database {
  for (let attempt = 1; ; attempt++) {
    const db = new Database(file);
    try {
      db.pragma('busy_timeout = 5000');
      db.pragma('journal_mode = WAL');
      db.exec(SCHEMA);
      return db;
    } catch (error) {
      db.close();
      const busy = (error as { code?: string }).code?.startsWith('SQLITE_BUSY') === true;
      if (!busy || attempt === OPEN_ATTEMPTS) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25 * attempt);
    }
  }
}
