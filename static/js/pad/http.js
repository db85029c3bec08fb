/* The score pad's requests: JSON both ways, with Django's CSRF token.
 *
 * The answer comes as { status, data }; data is {} where the body is no JSON (a proxy's error
 * page). A rejected promise means no connection at all. */
export function post(url, body, token) {
  return fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": token },
    body: JSON.stringify(body)
  }).then((response) => response.json().catch(() => ({})).then((data) => ({
    status: response.status, data: data
  })));
}
