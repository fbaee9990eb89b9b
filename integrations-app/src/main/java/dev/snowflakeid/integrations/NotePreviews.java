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

import org.bson.Document;

import org.springframework.context.ApplicationContext;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.mapping.event.BeforeConvertCallback;
import org.springframework.stereotype.Component;

/**
 * What {@link MongoTemplate#insert(Object)} would send for a note, made without a MongoDB
 * server: the application's {@code BeforeConvertCallback}s run as the template runs them
 * (Snowflake's fills the id), then the template's own converter writes the BSON document.
 * Nothing here talks to a server.
 */
@Component
class NotePreviews {

	static final String COLLECTION = "notes";

	private final EntityCallbacks callbacks;

	private final MongoTemplate template;

	NotePreviews(ApplicationContext context, MongoTemplate template) {
		this.callbacks = EntityCallbacks.create(context);
		this.template = template;
	}

	/** The document an insert of {@code note} would write. */
	Document preview(Note note) {
		Note converted = this.callbacks.callback(BeforeConvertCallback.class, note, COLLECTION);
		Document document = new Document();
		this.template.getConverter().write(converted, document);
		return document;
	}

}
