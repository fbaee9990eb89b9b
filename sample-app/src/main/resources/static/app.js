/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
'use strict';

// Order IDs arrive in their public form (twelve letters and digits): the internal ID never reaches the browser.
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

async function refresh() {
  const response = await fetch('/api/orders');
  const orders = await response.json();
  const rows = orders.map((order) => {
    const row = document.createElement('tr');
    row.dataset.id = order.id;
    const cells = [order.id, order.idempotencyKey, order.item, order.quantity, order.createdAt, order.number];
    for (const value of cells) {
      const cell = document.createElement('td');
      cell.textContent = String(value);
      row.appendChild(cell);
    }
    row.firstChild.className = 'order-id';
    return row;
  });
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
