/** Thrown inside actions; the handler turns it into a response with an empty body. */
export class DvsError extends Error {
	constructor(
		readonly status: 400 | 401 | 404 | 405 | 500,
		reason: string,
	) {
		super(reason);
	}
}

export const badRequest = (reason: string): DvsError => new DvsError(400, reason);
export const notPermitted = (reason: string): DvsError => new DvsError(405, reason);
