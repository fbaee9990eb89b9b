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

import dev.snowflakeid.json.JsonIds;
import dev.snowflakeid.publicid.InvalidPublicIdException;
import dev.snowflakeid.publicid.PublicIds;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.type.LogicalType;

/**
 * Reads an ID from its public form only. Numbers and strings of digits (the internal
 * form) are rejected, so a client cannot name resources by their internal IDs. Every
 * rejection carries one message, naming the property but neither the input nor why it
 * failed, so a client learns nothing from the difference between a malformed string and a
 * well-formed one that decodes to nothing.
 */
final class PublicIdDeserializer extends StdScalarDeserializer<Object> {

	private final PublicIds publicIds;

	private final @Nullable String propertyName;

	PublicIdDeserializer(PublicIds publicIds, Class<?> targetType) {
		this(publicIds, targetType, null);
	}

	private PublicIdDeserializer(PublicIds publicIds, Class<?> targetType, @Nullable String propertyName) {
		super(targetType);
		this.publicIds = publicIds;
		this.propertyName = propertyName;
	}

	@Override
	public ValueDeserializer<?> createContextual(DeserializationContext context, @Nullable BeanProperty property) {
		return (property != null) ? new PublicIdDeserializer(this.publicIds, handledType(), property.getName()) : this;
	}

	@Override
	public LogicalType logicalType() {
		return LogicalType.Integer;
	}

	@Override
	public Object deserialize(JsonParser parser, DeserializationContext context) {
		if (parser.currentToken() != JsonToken.VALUE_STRING) {
			throw invalid(parser, parser.getString());
		}
		String text = parser.getString();
		try {
			return this.publicIds.decode(text);
		}
		catch (InvalidPublicIdException ex) {
			throw invalid(parser, text);
		}
	}

	@Override
	public @Nullable Object getNullValue(DeserializationContext context) {
		if (handledType() == Long.TYPE) {
			if (context.isEnabled(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)) {
				throw invalid(context.getParser(), "null");
			}
			return 0L;
		}
		return null;
	}

	private InvalidFormatException invalid(JsonParser parser, String text) {
		return InvalidFormatException.from(parser, JsonIds.invalidPublicId(this.propertyName), text, handledType());
	}

}
