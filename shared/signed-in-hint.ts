// ADR 0031: a readable cookie beside Better Auth's http-only session cookie. It carries no
// secret, only "this browser has a session", so the public pages can show the right header
// buttons and load the auth client only when there is a session to show.
export const SIGNED_IN_HINT_COOKIE = "postwerk.signed_in";
