/** The simulator's e-mail syntax check: local@domain.tld, no spaces, at most 254 characters. */
export function isEmail(value: string): boolean {
	return value.length <= 254 && /^[^\s@"<>(),;:]+@[^\s@"<>(),;:]+\.[A-Za-z]{2,}$/.test(value) && !value.includes('..');
}
