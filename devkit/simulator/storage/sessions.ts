import { randomSessionId } from './ids';

export interface Session {
	id: string;
	accountId: number;
	/** Milliseconds. */
	createdAt: number;
	lastUsedAt: number;
}

/** PHP's default session.gc_maxlifetime. */
export const SESSION_IDLE_SECONDS = 1440;

/** Login sessions (PHPSESSID), with PHP's idle expiry scaled by the simulator's time scale. */
export class SessionStore {
	private readonly sessions = new Map<string, Session>();

	constructor(
		private readonly now: () => number,
		private readonly idleMs: number,
	) {}

	create(accountId: number): Session {
		const at = this.now();
		const session: Session = { id: randomSessionId(), accountId, createdAt: at, lastUsedAt: at };
		this.sessions.set(session.id, session);
		return session;
	}

	/** The live session with this id, refreshed; expired sessions are forgotten. */
	use(id: string): Session | undefined {
		const session = this.sessions.get(id);
		if (!session) return undefined;
		const at = this.now();
		if (at - session.lastUsedAt > this.idleMs) {
			this.sessions.delete(id);
			return undefined;
		}
		session.lastUsedAt = at;
		return session;
	}

	destroy(id: string): void {
		this.sessions.delete(id);
	}

	all(): Session[] {
		return [...this.sessions.values()];
	}
}
