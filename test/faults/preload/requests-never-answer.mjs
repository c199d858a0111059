// Loaded with `node --import` by unfinished.test.ts, never by flagctl itself: every HTTP(S)
// request becomes one whose callbacks never come (no socket, no response, no error), and
// which holds nothing open, as a tunnel callback that is never called did (issue 16). Node
// then empties its event loop with the command's promise still pending.
import { EventEmitter } from 'node:events';
import http from 'node:http';
import https from 'node:https';

const never = () => Object.assign(new EventEmitter(), { end() {}, write() {}, destroy() {}, setTimeout() {} });
http.request = never;
https.request = never;
