'use strict';

// IDs arrive as JSON strings of decimal digits and stay strings here: Number would round values above 2^53.
let lastRequest = null;

const $ = (id) => document.getElementById(id);

async function send(request) {
  const response = await fetch('/api/orders', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': request.key },
    body: JSON.stringify(request.body),
  });
  const body = await response.json();
  if (!response.ok) {
    $('status').className = 'error';
    $('status').textContent = `${response.status}: ${body.detail || body.title || 'request failed'}`;
    return;
  }
  $('status').className = '';
  $('status').textContent = response.status === 201
    ? `201 Created: new order ${body.id}`
    : `200 OK: same key, same order ${body.id} (nothing new was created)`;
  $('last-id').textContent = body.id;
  $('last-key').textContent = `key ${request.key}`;
  $('retry').disabled = false;
  await refresh();
}

async function decode(id) {
  const response = await fetch(`/actuator/snowflake/${encodeURIComponent(id)}`);
  return response.ok ? response.json() : null;
}

async function refresh() {
  const response = await fetch('/api/orders');
  const orders = await response.json();
  const rows = await Promise.all(orders.map(async (order) => {
    const decoded = await decode(order.id);
    const row = document.createElement('tr');
    row.dataset.id = order.id;
    const cells = [order.id, order.idempotencyKey, order.item, order.quantity,
      decoded ? decoded.timestamp : '?', decoded ? decoded.region : '?',
      decoded ? decoded.worker : '?', decoded ? decoded.sequence : '?'];
    for (const value of cells) {
      const cell = document.createElement('td');
      cell.textContent = String(value);
      row.appendChild(cell);
    }
    row.firstChild.className = 'order-id';
    return row;
  }));
  $('orders').tBodies[0].replaceChildren(...rows);
}

$('order-form').addEventListener('submit', (event) => {
  event.preventDefault();
  lastRequest = {
    key: crypto.randomUUID(),
    body: { item: $('item').value, quantity: Number($('quantity').value) },
  };
  send(lastRequest);
});

$('retry').addEventListener('click', () => {
  if (lastRequest) {
    send(lastRequest);
  }
});

$('refresh').addEventListener('click', refresh);

refresh();
