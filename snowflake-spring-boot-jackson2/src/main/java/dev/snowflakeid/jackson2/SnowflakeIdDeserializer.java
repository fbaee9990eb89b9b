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
package dev.snowflakeid.jackson2;

import java.io.IOException;
import java.util.Objects;

import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.json.JsonIds;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.type.LogicalType;
import org.jspecify.annotations.Nullable;

/**
 * Reads a Snowflake ID strictly: a JSON string in the configured form
 * ({@code snowflake.format.string}; only that form, since the same characters can denote
 * different IDs in two forms) or a JSON integer, from 0 to {@link Long#MAX_VALUE}. Blank
 * strings, strings of the wrong width, characters outside the form, sign characters,
 * fractions, exponents, negative values and values above {@link Long#MAX_VALUE} fail with
 * an {@link InvalidFormatException} (a
 * {@link com.fasterxml.jackson.databind.exc.MismatchedInputException}) that names the
 * property and the rejected text, so a web framework answers 400, not 500. Nothing is
 * coerced: an ID that does not parse exactly is never turned into a different ID.
 */
final class SnowflakeIdDeserializer extends StdScalarDeserializer<Object> implements ContextualDeserializer {

	private static final long serialVersionUID = 1L;

	private final Form form;

	private final @Nullable String propertyName;

	SnowflakeIdDeserializer(Class<?> targetType, Form form) {
		this(targetType, form, null);
	}

	private SnowflakeIdDeserializer(Class<?> targetType, Form form, @Nullable String propertyName) {
		super(targetType);
		this.form = form;
		this.propertyName = propertyName;
	}

	@Override
	public JsonDeserializer<?> createContextual(DeserializationContext context, @Nullable BeanProperty property) {
		return (property != null) ? new SnowflakeIdDeserializer(handledType(), this.form, property.getName()) : this;
	}

	@Override
	public LogicalType logicalType() {
		return (handledType() == String.class) ? LogicalType.Textual : LogicalType.Integer;
	}

	@Override
	public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
		JsonToken token = parser.currentToken();
		if (token == JsonToken.VALUE_STRING) {
			return parseText(parser, parser.getText());
		}
		if (token == JsonToken.VALUE_NUMBER_INT) {
			return parseInteger(parser);
		}
		if (token == JsonToken.VALUE_NUMBER_FLOAT) {
			throw invalid(parser, parser.getText(), JsonIds.FRACTION);
		}
		throw invalid(parser, parser.getText(), JsonIds.unexpectedToken(token));
	}

	@Override
	public @Nullable Object getNullValue(DeserializationContext context) throws JsonMappingException {
		if (handledType() == Long.TYPE) {
			if (context.isEnabled(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)) {
				throw invalid(context.getParser(), "null", JsonIds.NULL_FOR_PRIMITIVE);
			}
			return 0L;
		}
		return null;
	}

	private Object parseText(JsonParser parser, String text) throws IOException {
		long id;
		try {
			id = this.form.parse(text);
		}
		catch (IllegalArgumentException ex) {
			String reason = Objects.requireNonNull(ex.getMessage(), "IdFormats explains every rejection");
			throw invalid(parser, text, reason);
		}
		return convert(id);
	}

	private Object parseInteger(JsonParser parser) throws IOException {
		String text = parser.getText();
		JsonParser.NumberType numberType = parser.getNumberType();
		if (numberType == JsonParser.NumberType.BIG_INTEGER) {
			throw invalid(parser, text, JsonIds.outOfRange(parser.getBigIntegerValue()));
		}
		long id = parser.getLongValue();
		if (id < 0) {
			throw invalid(parser, text, JsonIds.NEGATIVE);
		}
		return convert(id);
	}

	private Object convert(long id) {
		return JsonIds.toPropertyType(id, handledType(), this.form);
	}

	private InvalidFormatException invalid(JsonParser parser, String text, String reason) {
		return InvalidFormatException.from(parser,
				JsonIds.invalidSnowflakeId(this.propertyName, text, reason, this.form), text, handledType());
	}

}
