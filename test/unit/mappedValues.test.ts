/** The one converter of mapped values (mappedValues.ts), for DVS fields and MCP arguments alike. */
import { convertMapped, FIELD_TYPE_OF, type MappedKind } from '../../nodes/shared/services/mappedValues';

it.each([
	['text', '  Review  ', 'Review'],
	['text', 42, '42'],
	['raw', '  <b>kept</b> ', '  <b>kept</b> '],
	['number', ' 2.5 ', 2.5],
	['number', 7, 7],
	// Hours: shown as a number, sent as the "numeric string" the DVS API takes.
	['numericText', 2.5, '2.5'],
	['numericText', ' 4 ', '4'],
	['boolean', 'TRUE', true],
	['boolean', false, false],
	['object', '{"a":1}', { a: 1 }],
	['array', [1, 2], [1, 2]],
	['array', '[1,2]', [1, 2]],
	['id', ' 12 ', 12],
	['id', 12, 12],
	['idList', '12, 15, 12', [12, 15]],
	['idList', '[3]', [3]],
	['idList', [4, '5'], [4, 5]],
	['date', '2026-03-01T10:00:00+01:00', '2026-03-01'],
	['date', { toISO: () => '2026-03-01T00:00:00.000Z' }, '2026-03-01'],
] as Array<[MappedKind, unknown, unknown]>)('%s: %j becomes %j', (kind, raw, value) => {
	expect(convertMapped(kind, raw)).toEqual({ value });
});

it.each([
	['text', { a: 1 }, 'needs text'],
	['number', 'abc', 'must be a number'],
	['number', '', 'must be a number'],
	['numericText', 'four', 'must be a number'],
	['boolean', 'yes', 'must be true or false'],
	['object', '[1]', 'must be a JSON object'],
	['array', '{"a":1}', 'must be a JSON array'],
	['id', 0, 'needs an ID'],
	['id', '1.5', 'needs an ID'],
	['idList', '12, x', 'needs IDs'],
	['date', '2025-02-30', 'needs a date as YYYY-MM-DD'],
	['date', '01.02.2025', 'needs a date as YYYY-MM-DD'],
] as Array<[MappedKind, unknown, string]>)('%s: %j is refused (%s)', (kind, raw, problem) => {
	const converted = convertMapped(kind, raw);
	expect('problem' in converted && converted.problem).toContain(problem);
});

it('shows each kind in the mapper as the n8n type that checks it', () => {
	expect(FIELD_TYPE_OF).toMatchObject({
		date: 'dateTime',
		id: 'number',
		idList: 'array',
		number: 'number',
		numericText: 'number',
		text: 'string',
	});
});
