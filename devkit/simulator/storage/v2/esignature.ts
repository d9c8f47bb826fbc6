import { ownedFile } from '../access';
import { requireCaller } from '../auth';
import type { StorageActions } from '../context';
import { isEmail } from '../email';
import { fail, isResponse, ok } from '../http';

/** A `YYYY-MM-DD` calendar date, or undefined when the text is not one. */
function calendarDate(text: string): string | undefined {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
	const date = new Date(`${text}T00:00:00Z`);
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : undefined;
}

/** Document 1's e-signature actions. */
export const esignatureActions: StorageActions = {
	/** Signature records of an owned file; from_date and to_date are inclusive UTC days. */
	get_esignatures(call) {
		const caller = requireCaller(call);
		if (isResponse(caller)) return caller;
		const fileHash = call.params.text('file_hash');
		if (!fileHash) return fail(400, 'file_hash is required');
		const fromText = call.params.text('from_date');
		const toText = call.params.text('to_date');
		const from = fromText === undefined ? undefined : calendarDate(fromText);
		const to = toText === undefined ? undefined : calendarDate(toText);
		if ((fromText !== undefined && !from) || (toText !== undefined && !to)) {
			return fail(400, 'from_date and to_date must be dates in the form YYYY-MM-DD');
		}
		if (from && to && from > to) return fail(400, 'from_date must not be after to_date');
		const file = ownedFile(call.services.storage, caller.account, fileHash, 405);
		if (isResponse(file)) return file;
		return ok(
			call.services.storage.signaturesOf(file.hash).filter((record) => {
				const day = record.signing_timestamp.slice(0, 10);
				return (!from || day >= from) && (!to || day <= to);
			}),
		);
	},

	/** Sends a signing request; the response lists the addresses as comma-separated strings. */
	esignature_share(call) {
		const caller = requireCaller(call);
		if (isResponse(caller)) return caller;
		const fileHash = call.params.text('file_hash');
		if (!fileHash) return fail(400, 'file_hash is required');
		const emails = call.params.list('emails');
		if (!emails || emails.length === 0) return fail(400, 'emails must be a non-empty array of e-mail addresses');
		const nextShareEmails = call.params.list('next_share_emails');
		if (!nextShareEmails) return fail(400, 'next_share_emails must be an array of e-mail addresses');
		const invalid = [...emails, ...nextShareEmails].find((email) => !isEmail(email.trim()));
		if (invalid !== undefined)
			return fail(400, 'every address in emails and next_share_emails must be a valid e-mail address');
		const file = ownedFile(call.services.storage, caller.account, fileHash, 405);
		if (isResponse(file)) return file;
		const share = call.services.storage.recordShare({
			fileHash: file.hash,
			sharedBy: caller.account.id,
			emails: emails.map((email) => email.trim()),
			text: call.params.get('text') ?? '',
			nextShareEmails: nextShareEmails.map((email) => email.trim()),
		});
		return ok({
			status: 'sent',
			sent_emails: share.emails.join(','),
			next_share_emails: share.nextShareEmails.join(','),
		});
	},
};
