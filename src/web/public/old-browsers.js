/* global location */
// Loaded only by browsers without ES modules (<script nomodule>): they cannot run the app.
location.replace('/old-browsers.html');
