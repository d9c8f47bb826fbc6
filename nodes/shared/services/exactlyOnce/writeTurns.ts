/** Thrown to a later item's turn when an earlier one failed and the run stops there (On Error → Stop). */
export class RunStopped extends Error {}

/**
 * A write operation's items run one at a time, in item order: an item begins when the item before it ended its
 * turn. An exactly-once write ends its turn as soon as the write is settled, so what the item does after it (the
 * read that outputs the document) runs beside the next item's write; any other item ends its turn when it ends.
 * The router gives items their turns (`take` before each item, `end` after); `take` again is the same turn.
 */
export class WriteTurns {
	private readonly ends = new Map<number, { ended: Promise<boolean>; end(stopped: boolean): void }>();

	private endOf(itemIndex: number) {
		let found = this.ends.get(itemIndex);
		if (!found) {
			let end: (stopped: boolean) => void = () => undefined;
			const ended = new Promise<boolean>((resolve) => (end = resolve));
			found = { ended, end };
			this.ends.set(itemIndex, found);
		}
		return found;
	}

	async take(itemIndex: number): Promise<() => void> {
		if (itemIndex > 0 && (await this.endOf(itemIndex - 1).ended)) throw new RunStopped();
		return () => this.end(itemIndex, false);
	}

	/** An item's turn is over (its write settled) or it ended; `stopped`: it failed and the run stops there. */
	end(itemIndex: number, stopped: boolean): void {
		this.endOf(itemIndex).end(stopped);
	}
}
