/**
 * What a visitor reads when the server fails on its side, a database outage included: the API's
 * error handler (app.ts) and the auth routes (features/auth/auth.routes.ts) answer with it.
 */
export const UNEXPECTED_ERROR_MESSAGE = "Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es erneut.";
