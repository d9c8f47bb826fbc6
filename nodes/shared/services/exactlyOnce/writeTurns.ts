/** Thrown to a later item's turn when an earlier one failed and the run stops there (On Error → Stop). */
export class RunStopped extends Error {}

/**
 * What an item's write could be confused with when it is read back: the place it writes (a folder, a register, a
 * task's comments) and, within it, the key of what it makes (a name folded), with the keys it would also be
 * taken for (a numbered copy's plain name); without a key, the whole place. Two claims meet when their places are
 * the same and their keys are, one's key is among the other's `alsoMeets`, or one has no key; `EVERYTHING` meets
 * every claim.
 */
export interface Claim {
	place: string;
	key?: string;
	alsoMeets?: string[];
}

export const EVERYTHING: Claim = { place: '*' };

function meet(a: Claim, b: Claim): boolean {
	if (a.place === '*' || b.place === '*') return true;
	if (a.place !== b.place) return false;
	if (a.key === undefined || b.key === undefined) return true;
	return a.key === b.key || (a.alsoMeets?.includes(b.key) ?? false) || (b.alsoMeets?.includes(a.key) ?? false);
}

/** An item of the run that has begun and not ended its turn cleanly. */
interface ItemTurn {
	/** Its claim once it claims; undefined once it ended without claiming. */
	claimed: Promise<Claim | undefined>;
	claim(claim: Claim | undefined): void;
	/** Whether it failed and the run stops there, once its turn is over. */
	ended: Promise<boolean>;
	end(stopped: boolean): void;
	/** Its own wait for its turn, once it claimed: claiming again is the same turn. */
	turn?: Promise<() => void>;
}

function itemTurn(): ItemTurn {
	let claim: (claim: Claim | undefined) => void = () => undefined;
	let end: (stopped: boolean) => void = () => undefined;
	const claimed = new Promise<Claim | undefined>((resolve) => (claim = resolve));
	const ended = new Promise<boolean>((resolve) => (end = resolve));
	return { claimed, claim, ended, end };
}

/**
 * A write operation's items run at once, each write in its turn: an item's write waits for every earlier item of
 * the run whose claim meets its own (or that has not claimed yet) to end its turn, so writes that a read-back could
 * confuse go one after another in item order and all others at once. An exactly-once write claims what it writes
 * and ends its turn as soon as the write is settled; an operation declared `write` claims `EVERYTHING` before its
 * item runs and ends its turn when the item ends. The router begins each item before it runs and ends it after.
 */
export class WriteTurns {
	/** The items that have begun and whose turn is not over, and those that stopped the run. */
	private readonly open = new Map<number, ItemTurn>();
	private begunAll: () => void = () => undefined;
	/** Settles once the router has begun every item of the run it will begin. */
	readonly everyItemBegun = new Promise<void>((resolve) => (this.begunAll = resolve));

	/** The router begins no further item of the run. */
	everyBegun(): void {
		this.begunAll();
	}

	begin(itemIndex: number): void {
		if (!this.open.has(itemIndex)) this.open.set(itemIndex, itemTurn());
	}

	/** Settles when the item's turn is over: its write settled, or the item ended. */
	over(itemIndex: number): Promise<boolean> | undefined {
		return this.open.get(itemIndex)?.ended;
	}

	/** The item's turn to write what it claims; the function it gives ends the turn. */
	async take(itemIndex: number, claim: Claim): Promise<() => void> {
		this.begin(itemIndex);
		const own = this.open.get(itemIndex) as ItemTurn;
		own.turn ??= this.waitFor(itemIndex, own, claim);
		return await own.turn;
	}

	private async waitFor(itemIndex: number, own: ItemTurn, claim: Claim): Promise<() => void> {
		own.claim(claim);
		for (const other of this.earlierThan(itemIndex)) {
			const theirs = await other.claimed;
			if ((theirs === undefined || meet(theirs, claim)) && (await other.ended)) throw new RunStopped();
		}
		return () => this.end(itemIndex, false);
	}

	/**
	 * Waits until every earlier item of the run has ended its turn, claiming nothing: for a lookup by path or name,
	 * which may look for what an earlier item writes (a folder created by the item before). Throws when one of them
	 * failed under On Error → Stop.
	 */
	async settledBefore(itemIndex: number): Promise<void> {
		for (const other of this.earlierThan(itemIndex)) if (await other.ended) throw new RunStopped();
	}

	/** The open items before this one, in item order. */
	private earlierThan(itemIndex: number): ItemTurn[] {
		return [...this.open]
			.filter(([index]) => index < itemIndex)
			.sort(([a], [b]) => a - b)
			.map(([, turn]) => turn);
	}

	/** An item's turn is over (its write settled) or it ended; `stopped`: it failed and the run stops there. */
	end(itemIndex: number, stopped: boolean): void {
		const turn = this.open.get(itemIndex);
		if (!turn) return;
		turn.claim(undefined);
		turn.end(stopped);
		if (!stopped) this.open.delete(itemIndex);
	}
}

/**
 * The looks a run of the node takes once per destination before its first write there (a DVS register's newest
 * documents, a task's comment count), kept in the run's record so that every try settles against the same look.
 * Items write at once: the first to look takes it, the others wait for that look (one that failed is taken again).
 */
export class RunLooks {
	private readonly taking = new Map<string, Promise<unknown>>();

	async look<T>(recorded: Record<string, unknown>, name: string, take: () => Promise<T>): Promise<T> {
		if (Object.hasOwn(recorded, name)) return recorded[name] as T;
		const another = this.taking.get(name);
		if (another) {
			try {
				return (await another) as T;
			} catch {
				// That look failed for the item that took it: this item takes its own (its error names this item).
				if (this.taking.get(name) === another) this.taking.delete(name);
				return await this.look(recorded, name, take);
			}
		}
		const taking = (async () => {
			const taken = await take();
			recorded[name] = JSON.parse(JSON.stringify(taken ?? null)) as unknown;
			return taken;
		})();
		this.taking.set(name, taking);
		try {
			return await taking;
		} finally {
			if (!Object.hasOwn(recorded, name) && this.taking.get(name) === taking) this.taking.delete(name);
		}
	}
}
