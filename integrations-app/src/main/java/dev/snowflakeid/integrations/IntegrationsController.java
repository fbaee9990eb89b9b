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
package dev.snowflakeid.integrations;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeId;
import org.bson.Document;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The API: every ID it answers is marked {@link SnowflakeId}, so with
 * {@code snowflake.jackson.write-as=number-when-safe} and the js-safe layout it is a JSON
 * number below 2^53.
 */
@RestController
class IntegrationsController {

	/** Most IDs one {@code GET /ids} issues. */
	static final int MAX_PACED_IDS = 10_000;

	/** Time between two IDs of {@code GET /ids}: about one tick of the layout. */
	private static final Duration PACE = Duration.ofMillis(1);

	private final TicketMapper tickets;

	private final ReceiptRepository receipts;

	private final NotePreviews notes;

	private final IdGenerator ids;

	IntegrationsController(TicketMapper tickets, ReceiptRepository receipts, NotePreviews notes, IdGenerator ids) {
		this.tickets = tickets;
		this.receipts = receipts;
		this.notes = notes;
		this.ids = ids;
	}

	/** Inserts a ticket through MyBatis; the interceptor fills its id. */
	@PostMapping("/tickets")
	@ResponseStatus(HttpStatus.CREATED)
	TicketView createTicket(@RequestBody NewTicket request) {
		Ticket ticket = new Ticket(request.title());
		this.tickets.insert(ticket);
		return new TicketView(Objects.requireNonNull(ticket.getId(), "the interceptor fills the id"),
				ticket.getTitle());
	}

	/**
	 * Saves a receipt through Spring Data R2DBC, blocking on the save as a Spring MVC
	 * controller may; the callback fills its id.
	 */
	@PostMapping("/receipts")
	@ResponseStatus(HttpStatus.CREATED)
	ReceiptView createReceipt(@RequestBody NewReceipt request) {
		Receipt saved = Objects.requireNonNull(this.receipts.save(new Receipt(null, request.totalCents())).block(),
				"a save emits the saved receipt");
		return new ReceiptView(Objects.requireNonNull(saved.id(), "the callback fills the id"), saved.totalCents());
	}

	/** The BSON document an insert of the note would write; no MongoDB server needed. */
	@PostMapping("/notes/preview")
	NotePreview previewNote(@RequestBody NewNote request) {
		Document document = this.notes.preview(new Note(null, request.text()));
		Object id = document.get("_id");
		if (!(id instanceof Long number)) {
			throw new IllegalStateException("the note's _id is not an int64: " + id);
		}
		return new NotePreview(number, document.getString("text"));
	}

	/**
	 * Issues {@code count} IDs about one millisecond apart, as a quiet service would (one
	 * ID per tick): with {@code snowflake.sequence.start=random} their sequences differ.
	 */
	@GetMapping("/ids")
	IssuedIds issue(@RequestParam int count) {
		if (count < 1 || count > MAX_PACED_IDS) {
			throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "count must be between 1 and " + MAX_PACED_IDS);
		}
		List<Long> issued = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			issued.add(this.ids.nextId());
			LockSupport.parkNanos(PACE.toNanos());
		}
		return new IssuedIds(issued);
	}

	record NewTicket(String title) {
	}

	record TicketView(@SnowflakeId long id, String title) {
	}

	record NewReceipt(long totalCents) {
	}

	record ReceiptView(@SnowflakeId long id, long totalCents) {
	}

	record NewNote(String text) {
	}

	/** The converted document's {@code _id} (an int64) and text. */
	record NotePreview(@SnowflakeId long id, String text) {
	}

	record IssuedIds(@SnowflakeId List<Long> ids) {
	}

}
