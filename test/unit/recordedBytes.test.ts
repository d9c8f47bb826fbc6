/**
 * The size n8n recorded for an item's file, which bounds the files a batch of writes sends (execution/router.ts
 * `FILE_BYTES_AT_ONCE`): n8n 2.x records `bytes`, n8n 1.123 only `fileSize` as pretty-bytes text.
 */
import type { IBinaryData } from 'n8n-workflow';

import { recordedBytes } from '../../nodes/shared/execution/binary';

const binary = (recorded: Partial<IBinaryData>): IBinaryData => ({ data: '', mimeType: 'text/plain', ...recorded });

it.each([
	['bytes, as n8n 2.x records them', { bytes: 41_943_040, fileSize: '41.9 MB' }, 41_943_040],
	["n8n 1.123's text in MB", { fileSize: '40 MB' }, 40_000_000],
	["n8n 1.123's text in kB", { fileSize: '1.5 kB' }, 1_500],
	["n8n 1.123's text in bytes", { fileSize: '812 B' }, 812],
	["n8n 1.123's text in GB", { fileSize: '1.07 GB' }, 1_070_000_000],
	['neither', {}, 0],
	['text it cannot read', { fileSize: 'large' }, 0],
	['a size of no bytes', { bytes: 0, fileSize: '0 B' }, 0],
])('reads %s', (_case, recorded, expected) => {
	expect(recordedBytes(binary(recorded))).toBe(expected);
});

it('reads nothing of an item without the binary', () => {
	expect(recordedBytes(undefined)).toBe(0);
});
