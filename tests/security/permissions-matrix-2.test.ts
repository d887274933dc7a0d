import { permissionMatrix } from './support/permission-run';

// Half of the declared routes (chosen by a hash of their name), in a Vitest worker of its own: each
// as every caller, signed out, an owner, and each company role in and out of scope.
permissionMatrix(1, 2);
