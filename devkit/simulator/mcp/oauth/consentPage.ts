import type { PendingConsent } from './store';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SCOPE_LABELS: Record<string, string> = {
	'files:read': 'Read your files and folders (always included)',
	'files:write': 'Create folders, add files, rename and move files and folders (explicit consent for writes)',
	'dvs:read': 'Read DVS tasks, projects and comments',
	'dvs:write': 'Create and update DVS tasks, add comments and attachments',
};

/** The login-and-consent page. Automation posts the same form (see README). */
export function consentPage(consent: PendingConsent, clientName: string, error?: string): string {
	const scopes = consent.scopes
		.map(
			(s) =>
				`<label><input type="checkbox" name="scope" value="${s}" checked${s === 'files:read' ? ' disabled' : ''}> ${escape(SCOPE_LABELS[s] ?? s)}</label><br>`,
		)
		.join('\n');
	return `<!doctype html>
<html><head><meta charset="utf-8"><title>Authorize ${escape(clientName)}</title></head>
<body>
<h1>${escape(clientName)} wants to access your Svc account</h1>
${error ? `<p class="error">${escape(error)}</p>` : ''}
<form method="post" action="/oauth/authorize">
<input type="hidden" name="consent_id" value="${escape(consent.id)}">
<input type="hidden" name="scope" value="files:read">
<p><label>Login <input name="login" autocomplete="username"></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password"></label></p>
${scopes}
<button name="decision" value="approve">Allow</button>
<button name="decision" value="deny">Deny</button>
</form>
</body></html>`;
}
