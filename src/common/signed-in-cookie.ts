/**
 * The signed-in hint: a cookie the browser's code may read (the session cookie is HttpOnly), set
 * and cleared with the session cookie. Without it the app knows the visitor is not signed in and
 * does not ask GET /api/current_user, whose answer for a visitor is a 401 (spec: accounts §7); with
 * it, it asks, and a 401 then means the session has ended. It says nothing of who: only "ask".
 */
export const SIGNED_IN_COOKIE = 'signed_in';
