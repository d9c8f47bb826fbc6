/** The DVS API's mention markup: the user with this ID gets the mention e-mail. */
export function mentionMarkup(userId: number): string {
	return `@[USER:${userId}]`;
}

/** The comment with mentions of the given users before or after the text, each once. */
export function withMentions(text: string, userIds: number[], position: 'start' | 'end'): string {
	const mentions = [...new Set(userIds)].map(mentionMarkup).join(' ');
	if (!mentions) return text;
	return position === 'start' ? `${mentions} ${text}` : `${text} ${mentions}`;
}
