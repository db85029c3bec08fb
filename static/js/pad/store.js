/* What the score pad keeps on the phone besides its queue, in localStorage by table
 * (evening/round/table): the table's last state the server answered, so a reload without a
 * connection (the service worker shows an older copy of the page) still knows the saved
 * hands, the next hand's number and its dealer; and the hands the server answered with a
 * conflict (409), each with the stored hand, until the table chooses. */
const STATE = "ofc-pad-state:";
const CONFLICTS = "ofc-pad-conflicts";

function read(name, fallback) {
  try {
    const value = JSON.parse(window.localStorage.getItem(name));
    return value === null ? fallback : value;
  } catch (error) {
    return fallback;
  }
}

function write(name, value) {
  try {
    window.localStorage.setItem(name, JSON.stringify(value));
  } catch (error) {
    // A full or forbidden storage: the pad works on, as before a reload.
  }
}

function version(state) {
  return state && typeof state.version === "number" ? state.version : -1;
}

// The newer of the page's state and the one kept on the phone (the evening's version).
export function freshest(key, page) {
  const kept = read(STATE + key, null);
  return version(kept) > version(page) ? kept : page;
}

export function keepState(key, state) {
  write(STATE + key, state);
}

// The table's open conflicts, oldest first: { key, url, body (this phone's), saved, code, message }.
export function conflicts(key) {
  return read(CONFLICTS, []).filter((item) => item.key === key);
}

export function blocked(key) {
  return conflicts(key).length > 0;
}

export function addConflict(item, answer) {
  const items = read(CONFLICTS, []).filter((other) => other.body.id !== item.body.id);
  items.push({
    key: item.key, url: item.url, body: item.body, saved: answer.data.saved,
    code: answer.data.error.code, message: answer.data.error.message
  });
  write(CONFLICTS, items);
}

// The conflict of this phone's hand ``id`` is decided (or shown again with ``saved``, newer).
export function settleConflict(id, saved) {
  const items = read(CONFLICTS, []);
  if (saved) {
    items.forEach((item) => {
      if (item.body.id === id) {
        item.saved = saved;
      }
    });
    write(CONFLICTS, items);
    return;
  }
  write(CONFLICTS, items.filter((item) => item.body.id !== id));
}
