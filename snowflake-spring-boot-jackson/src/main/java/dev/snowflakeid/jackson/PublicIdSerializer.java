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
package dev.snowflakeid.jackson;

import dev.snowflakeid.publicid.PublicIds;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Writes an ID as its public form, a JSON string. An ID of 0 or below has no public form
 * and fails.
 */
final class PublicIdSerializer extends StdSerializer<Object> {

	private final PublicIds publicIds;

	PublicIdSerializer(PublicIds publicIds) {
		super(Object.class);
		this.publicIds = publicIds;
	}

	@Override
	public void serialize(Object value, JsonGenerator generator, SerializationContext context) {
		generator.writeString(this.publicIds.encode(((Number) value).longValue()));
	}

}
