/** A leg's cells (keyed by operation and fault) as rows in order, and their totals: one table for every leg. */
export function rowsAndTotals<Cell extends { [K in keyof Cell]: number }>(
	cells: Map<string, Cell>,
	empty: () => Cell,
): { rows: Array<{ operation: string; fault: string } & Cell>; totals: Cell } {
	const rows = [...cells.entries()]
		.map(([key, cell]) => {
			const [operation, fault] = key.split('\u0000');
			return { operation, fault, ...cell };
		})
		.sort((a, b) => a.operation.localeCompare(b.operation) || a.fault.localeCompare(b.fault));
	const totals = rows.reduce((sum, row) => {
		for (const key of Object.keys(sum) as Array<keyof Cell>) (sum[key] as number) += row[key] as number;
		return sum;
	}, empty());
	return { rows, totals };
}
