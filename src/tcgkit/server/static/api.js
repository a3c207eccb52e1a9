// The server's HTTP API as the pages call it: JSON both ways, the session's CSRF token in a
// header on every request (the server asks for it on each one that changes something).
export function csrf() {
  const found = document.cookie.split('; ').find((c) => c.startsWith('tcgkit_csrf='));
  return found ? decodeURIComponent(found.slice('tcgkit_csrf='.length)) : '';
}

export async function api(method, path, body) {
  const init = { method, headers: { 'x-csrf-token': csrf() } };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Error(data.error || (data.detail && JSON.stringify(data.detail)) || `HTTP ${response.status}`);
  }
  return data;
}
