import { createHash } from 'crypto';

/**
 * The stable ID of one event a trigger emits: 128 bits of SHA-256 over the event's kind, the
 * object's id and the version that made it an event (a last-modified or last-update time; none
 * for a new object). A repeat of the same event carries the same ID, so a workflow can drop it
 * (n8n's Remove Duplicates node, "across executions"), whatever emitted it twice.
 */
export function eventIdOf(kind: string, id: string | number, version: string | number = ''): string {
	return createHash('sha256')
		.update(JSON.stringify([kind, String(id), String(version)]))
		.digest('hex')
		.slice(0, 32);
}
