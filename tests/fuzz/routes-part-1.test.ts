import { fuzzRoutes } from './support/fuzz-routes';

// Half of the API's routes (chosen by a hash of their name), in a Vitest worker of its own.
await fuzzRoutes(0, 2);
