/**
 * Which new item a read-back takes for ours, by the service's naming rule only (document 1: "final
 * name is normalized and unique among siblings"; nothing says names are case-folded).
 */
import { nameMatch } from '../../nodes/shared/services/storage/entries';

it.each([
	// given, requested, names before the write, verdict
	['Report', 'Report', [], 'ours'],
	['Report', '  Report ', [], 'ours'],
	['Re port', 'Re   port', [], 'ours'],
	['Café', 'Cafe\u0301', [], 'ours'],
	['Report (2)', 'Report', ['Report'], 'ours'],
	['invoice_2.pdf', 'invoice.pdf', ['invoice.pdf'], 'ours'],
	['anything', '///', [], 'ours'],
	['report', 'Report', [], 'look-alike'],
	['REPORT', 'Report', [], 'look-alike'],
	['Ｒeport', 'Report', [], 'look-alike'],
	['report (2)', 'Report', ['report'], 'look-alike'],
	['Report (2)', 'Report', ['report'], 'look-alike'],
	['Report (2)', 'Report', [], 'other'],
	['Report-2024', 'Report', [], 'other'],
	['Budget', 'Report', ['Report'], 'other'],
] as Array<[string, string, string[], string]>)('%j for %j (before: %j) is %s', (given, requested, before, verdict) => {
	expect(nameMatch(given, requested, before)).toBe(verdict);
});
