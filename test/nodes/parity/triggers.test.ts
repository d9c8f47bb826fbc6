/**
 * The polling triggers with an MCP credential against the simulator's MCP endpoint: the same
 * items and fields as with the REST credential on the same data (the comparison is in
 * triggerEvents.ts; test/peers runs it against the SDK servers, test/reliability/soak.test.ts
 * soaks both wires).
 */
import { triggerEvents } from './triggerEvents';

triggerEvents();
