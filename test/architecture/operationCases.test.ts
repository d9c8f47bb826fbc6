/**
 * The suites that go through every operation derive their cases from the routers and the operations' own
 * declarations, and take each operation's run from its case (devkit/operationCases.ts): an operation added to a
 * router without a case, or a write that does not say what it makes, would drop out of them silently. Here it
 * fails, by name.
 */
import { OPERATION_CASES } from '../../devkit/operationCases';
import { makesSomething, routedOperations } from '../routedOperations';

const routed = routedOperations();
const named = (entry: { node: string; resource: string; operation: string }) =>
	`${entry.node} ${entry.resource}.${entry.operation}`;

it('finds every router and its operations', () => {
	expect(new Set(routed.map((entry) => entry.node))).toEqual(new Set(['SvcStorage', 'SvcDvs', 'SvcMcp']));
	expect(routed.length).toBeGreaterThan(50);
});

it('every routed operation has one case, and every case is of a routed operation', () => {
	expect(routed.filter((entry) => !entry.case).map(named)).toEqual([]);
	const cases = OPERATION_CASES.map(named);
	expect(cases.filter((name, index) => cases.indexOf(name) !== index)).toEqual([]);
	expect(cases.filter((name) => !routed.some((entry) => named(entry) === name))).toEqual([]);
});

it('every write declares what its write makes (writes), and a read declares none', () => {
	const wrong = routed.filter(({ declared }) => (declared.access === 'read') !== (declared.writes === undefined));
	expect(
		wrong.map((entry) => `${named(entry)}: ${entry.declared.access}, writes ${JSON.stringify(entry.declared.writes)}`),
	).toEqual([]);
});

it("a write's `into` and `named` name parameters of its operation", () => {
	const problems = routed.flatMap(({ declared, ...entry }) => {
		const parameters = new Set(declared.description.map((property) => property.name));
		const { into, named: name } = declared.writes ?? {};
		return [into, name]
			.filter((path): path is string => path !== undefined && !parameters.has(path.split('.')[0]))
			.map((path) => `${named(entry)}: no parameter ${path}`);
	});
	expect(problems).toEqual([]);
});

it('every case runs over an API its operation declares (MCP only where it runs over MCP only)', () => {
	const wrong = routed.filter(({ declared, case: c }) => (c?.api === 'mcp') !== !declared.runsOver.includes('rest'));
	expect(wrong.map(named)).toEqual([]);
});

it('every write that makes something has a marked run, another writer beside it, and its write in each API', () => {
	const problems = routed
		.filter(({ node, declared }) => node !== 'SvcMcp' && makesSomething(declared.writes))
		.flatMap(({ declared, case: c, ...entry }) => [
			...(c?.marked ? [] : [`${named(entry)}: no marked run`]),
			...declared.runsOver.filter((api) => !c?.answers[api]).map((api) => `${named(entry)}: no ${api} answer`),
		]);
	expect(problems).toEqual([]);
	// The marked run's other writer is checked where it runs: the others leg fails a run without one.
});
