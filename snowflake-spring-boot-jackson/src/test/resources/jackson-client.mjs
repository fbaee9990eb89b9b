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
// A JavaScript client of the test application: parses its JSON with JSON.parse, as browsers do, and sends
// values back. Prints one JSON line with what it saw. Usage: node jackson-client.mjs <base-url> <scenario>
const [baseUrl, scenario] = process.argv.slice(2);

async function call(method, path, body) {
	const response = await fetch(baseUrl + path, {
		method,
		headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
		body,
	});
	const text = await response.text();
	return { status: response.status, text };
}

async function ids() {
	// Create an order, read it back by the id the server gave, and send that id back.
	const created = await call('POST', '/orders', JSON.stringify({ customerId: '9007199254740993', item: 'book' }));
	const order = JSON.parse(created.text);
	const read = JSON.parse((await call('GET', '/orders/' + order.id)).text);
	const echoed = await call('POST', '/ids', JSON.stringify({ id: read.id }));
	return {
		createdStatus: created.status,
		idType: typeof order.id,
		id: order.id,
		readId: read.id,
		customerId: read.customerId,
		echoStatus: echoed.status,
	};
}

async function plainNumber() {
	// A long without @SnowflakeId arrives as a JSON number: JSON.parse turns it into a double.
	const value = JSON.parse((await call('GET', '/numbers/9007199254740993')).text).value;
	const sent = JSON.stringify({ value });
	const echoed = await call('POST', '/numbers', sent);
	return { valueType: typeof value, parsed: String(value), sent, echoStatus: echoed.status };
}

async function badId() {
	const response = await call('POST', '/orders', JSON.stringify({ customerId: '-1', item: 'book' }));
	return { status: response.status, body: JSON.parse(response.text) };
}

const scenarios = { ids, plainNumber, badId };
console.log(JSON.stringify(await scenarios[scenario]()));
