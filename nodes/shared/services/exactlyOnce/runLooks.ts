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
