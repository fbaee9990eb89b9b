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
package dev.snowflakeid.test.mongoapp;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.testsupport.FreePorts;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.mongodb.test.autoconfigure.DataMongoTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.data.mongodb.core.mapping.event.BeforeSaveCallback;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Data MongoDB slice with nothing added for the generator: the slice includes
 * it, the in-memory allocator and the callback that fills {@code @GeneratedSnowflakeId}
 * attributes, in the application's string form for {@code String} ones. No MongoDB server
 * can run here, so a {@link BeforeSaveCallback} (which Spring Data calls after
 * conversion, just before the write) takes the document and stops the write; the client
 * points at a free port on which nothing listens.
 */
@DataMongoTest(properties = "snowflake.format.string=crockford32")
@Import(NoteRepositoryTests.CaptureWrites.class)
class NoteRepositoryTests {

	@Autowired
	NoteRepository notes;

	@Autowired
	IdGenerator ids;

	@DynamicPropertySource
	static void nothingListens(DynamicPropertyRegistry registry) {
		registry.add("spring.mongodb.uri", () -> "mongodb://localhost:" + FreePorts.loopback()
				+ "/test?serverSelectionTimeoutMS=200&connectTimeoutMS=200");
	}

	@Test
	void savedDocumentsGetSnowflakeIds() {
		Document document = capture(() -> this.notes.save(new Note(null, null, "buy milk")));
		long id = document.getLong("_id");
		String reference = document.getString("reference");
		assertThat(this.ids.decode(id).worker()).isEqualTo(this.ids.decode(this.ids.nextId()).worker());
		assertThat(reference).hasSize(IdFormats.Form.CROCKFORD32.width());
		assertThat(IdFormats.Form.CROCKFORD32.parse(reference)).isPositive().isNotEqualTo(id);
		assertThat(document.getString("text")).isEqualTo("buy milk");
	}

	private static Document capture(Runnable save) {
		try {
			save.run();
		}
		catch (CapturedWrite captured) {
			return captured.document;
		}
		throw new AssertionError("the document was not converted for a write");
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class CaptureWrites {

		@Bean
		BeforeSaveCallback<Object> captureTheDocument() {
			return (entity, document, collection) -> {
				throw new CapturedWrite(document);
			};
		}

	}

	/** The document of a write, stopped before it reaches the network. */
	static final class CapturedWrite extends RuntimeException {

		private static final long serialVersionUID = 1L;

		final transient Document document;

		CapturedWrite(Document document) {
			super("write captured", null, false, false);
			this.document = document;
		}

	}

}
