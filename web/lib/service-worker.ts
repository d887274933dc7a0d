// The update policy lives with the player screen (its own build takes nothing from web/lib); the
// admin app and the modules not yet moved import it from here.
export * from '../player/app-update';
