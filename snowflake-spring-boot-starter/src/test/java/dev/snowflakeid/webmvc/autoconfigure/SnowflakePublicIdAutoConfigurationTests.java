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
package dev.snowflakeid.webmvc.autoconfigure;

import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snowflakeid.PublicId;
import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.jackson.autoconfigure.SnowflakeJacksonAutoConfiguration;
import dev.snowflakeid.jackson.PublicIdJacksonModule;
import dev.snowflakeid.jackson.SnowflakeJacksonModule;
import dev.snowflakeid.jackson2.PublicIdJackson2Module;
import dev.snowflakeid.jackson2.SnowflakeJackson2Module;
import dev.snowflakeid.publicid.InvalidPublicIdException;
import dev.snowflakeid.publicid.InvalidPublicIdException.Reason;
import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;
import dev.snowflakeid.publicid.PublicIds;
import dev.snowflakeid.jackson.autoconfigure.SnowflakePublicIdJacksonAutoConfiguration;
import dev.snowflakeid.jackson2.autoconfigure.SnowflakeJackson2AutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.ser.std.StdSerializer;

import org.springframework.beans.BeanUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jackson2.autoconfigure.Jackson2AutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

@SuppressWarnings("removal") // Spring Boot keeps Jackson 2 support only as deprecated;
								// the module must still work with it
class SnowflakePublicIdAutoConfigurationTests {

	static final String KEY_A = key(1);

	static final String KEY_B = key(2);

	private static final long ID = 7_349_163_285_118_976_021L;

	private static final String INVALID = "Invalid public ID for property 'id'";

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(AutoConfigurations
		.of(JacksonAutoConfiguration.class, Jackson2AutoConfiguration.class, SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdJacksonAutoConfiguration.class, SnowflakeJackson2AutoConfiguration.class));

	static String key(long seed) {
		byte[] key = new byte[32];
		new SplittableRandom(seed).nextBytes(key);
		return Base64.getEncoder().encodeToString(key);
	}

	@Test
	void withoutPropertiesThereIsNoKeyRingButMarkedPropertiesStillNeverShowTheInternalId() {
		this.runner.run((context) -> {
			assertThat(context).doesNotHaveBean(PublicIds.class);
			assertThat(context).hasSingleBean(PublicIdJacksonModule.class).hasSingleBean(PublicIdJackson2Module.class);
			assertThatExceptionOfType(Exception.class)
				.isThrownBy(() -> context.getBean(JsonMapper.class).writeValueAsString(new Order(ID, "book")))
				.satisfies((ex) -> assertThat(rootCause(ex)).isInstanceOf(MissingPublicIdKeyRingException.class));
			assertThatExceptionOfType(Exception.class)
				.isThrownBy(() -> context.getBean(ObjectMapper.class).writeValueAsString(new Order(ID, "book")))
				.satisfies((ex) -> assertThat(rootCause(ex)).isInstanceOf(MissingPublicIdKeyRingException.class));
		});
	}

	@Test
	void keyRingFromPropertiesWritesAndReadsThePublicFormWithBothJacksons() {
		this.runner
			.withPropertyValues("snowflake.public-ids.keys.a=" + KEY_A, "snowflake.public-ids.keys.b=" + KEY_B,
					"snowflake.public-ids.active-key=b")
			.run((context) -> {
				PublicIds publicIds = context.getBean(PublicIds.class);
				assertThat(publicIds.activeKeyId()).isEqualTo('b');
				assertThat(publicIds.keyIds()).containsExactly('a', 'b');
				String publicId = publicIds.encode(ID);
				assertBothWriteAndRead(context, new Order(ID, "book"),
						"{\"id\":\"" + publicId + "\",\"item\":\"book\"}");
				JsonMapper jackson3 = context.getBean(JsonMapper.class);
				ObjectMapper jackson2 = context.getBean(ObjectMapper.class);
				Lines lines = new Lines(List.of(ID, ID + 1), new Long[] { ID }, Map.of("first", ID), Optional.of(ID),
						ID + 2);
				String linesJson = jackson3.writeValueAsString(lines);
				assertThat(linesJson).doesNotContain(Long.toString(ID).substring(0, 6))
					.contains("\"ids\":[\"" + publicId + "\",\"" + publicIds.encode(ID + 1) + "\"]")
					.contains("\"both\":\"" + publicIds.encode(ID + 2) + "\"");
				assertThat(jackson3.readValue(linesJson, Lines.class)).usingRecursiveComparison().isEqualTo(lines);
				assertThat(jackson2.writeValueAsString(lines)).isEqualTo(linesJson);
				assertThat(jackson2.readValue(linesJson, Lines.class)).usingRecursiveComparison().isEqualTo(lines);
			});
	}

	/**
	 * Turning off the modules that write {@code @SnowflakeId} as strings must not turn a
	 * {@code @PublicId} property back into the internal ID: the public-ID modules are
	 * registered independent of both switches.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "snowflake.jackson.enabled=false", "snowflake.enabled=false" })
	void snowflakeJacksonSwitchedOffStillWritesAndReadsThePublicForm(String switchedOff) {
		this.runner.withConfiguration(AutoConfigurations.of(SnowflakeJacksonAutoConfiguration.class))
			.withPropertyValues(switchedOff, "snowflake.public-ids.keys.b=" + KEY_B,
					"snowflake.public-ids.active-key=b")
			.run((context) -> {
				assertThat(context).doesNotHaveBean(SnowflakeJacksonModule.class)
					.doesNotHaveBean(SnowflakeJackson2Module.class);
				assertBothWriteAndRead(context, new Order(ID, "book"),
						"{\"id\":\"" + context.getBean(PublicIds.class).encode(ID) + "\",\"item\":\"book\"}");
			});
	}

	/**
	 * Whatever is wrong with the value, each Jackson fails with one and the same message,
	 * to the character: it names the property, and neither the value nor the reason the
	 * key ring gave.
	 */
	@Test
	void readingAcceptsThePublicFormOnlyAndSaysTheSameWhateverTheReason() {
		this.runner.withPropertyValues("snowflake.public-ids.keys.b=" + KEY_B, "snowflake.public-ids.active-key=b")
			.run((context) -> {
				PublicIds publicIds = context.getBean(PublicIds.class);
				String malformed = "b!!!!!!!!!!!";
				String removedKey = new PublicIds(Map.of('a', Base64.getDecoder().decode(KEY_A)), 'a').encode(ID);
				String decodesToNothing = decodingToNothing(publicIds);
				assertReason(publicIds, malformed, Reason.CHARACTER);
				assertReason(publicIds, removedKey, Reason.UNKNOWN_KEY);
				assertReason(publicIds, decodesToNothing, Reason.NOT_AN_ID);
				List<String> values = List.of(Long.toString(ID), "\"" + ID + "\"", "\"" + malformed + "\"",
						"\"" + removedKey + "\"", "\"" + decodesToNothing + "\"", "\"\"", "\"b\"",
						"\"0x" + Long.toHexString(ID) + "\"", "1.5", "true", "[]", "{}");
				JsonMapper jackson3 = context.getBean(JsonMapper.class);
				ObjectMapper jackson2 = context.getBean(ObjectMapper.class);
				Set<String> jackson3Messages = new HashSet<>();
				Set<String> jackson2Messages = new HashSet<>();
				for (String value : values) {
					String json = "{\"id\":" + value + ",\"item\":\"book\"}";
					assertThatExceptionOfType(MismatchedInputException.class)
						.isThrownBy(() -> jackson3.readValue(json, Order.class))
						.satisfies((ex) -> assertThat(ex.getOriginalMessage()).isEqualTo(INVALID))
						.satisfies((ex) -> jackson3Messages.add(ex.getMessage()));
					assertThatExceptionOfType(com.fasterxml.jackson.databind.exc.MismatchedInputException.class)
						.isThrownBy(() -> jackson2.readValue(json, Order.class))
						.satisfies((ex) -> assertThat(ex.getOriginalMessage()).isEqualTo(INVALID))
						.satisfies((ex) -> jackson2Messages.add(ex.getMessage()));
				}
				assertThat(jackson3Messages).singleElement().asString().startsWith(INVALID + "\n");
				assertThat(jackson2Messages).singleElement().asString().startsWith(INVALID + "\n");
			});
	}

	/**
	 * Each property also carries an annotation that alone would write and read the
	 * internal ID: the {@code @SnowflakeId} module's, an explicit serializer and
	 * deserializer of each Jackson, a number shape. The marking wins over every one of
	 * them, in both directions and with both Jacksons.
	 */
	@Test
	void publicIdWinsOverSnowflakeIdAndExplicitJacksonAnnotations() {
		this.runner.withConfiguration(AutoConfigurations.of(SnowflakeJacksonAutoConfiguration.class))
			.withPropertyValues("snowflake.public-ids.keys.b=" + KEY_B, "snowflake.public-ids.active-key=b")
			.run((context) -> {
				assertThat(context).hasSingleBean(SnowflakeJacksonModule.class)
					.hasSingleBean(SnowflakeJackson2Module.class);
				PublicIds publicIds = context.getBean(PublicIds.class);
				Overridden overridden = new Overridden(ID, ID + 1, ID + 2, ID + 3, List.of(ID + 4), List.of(ID + 5));
				String json = "{\"snowflakeId\":\"%s\",\"explicit\":\"%s\",\"number\":\"%s\",\"string\":\"%s\","
						+ "\"explicitElements\":[\"%s\"],\"numbers\":[\"%s\"]}";
				assertBothWriteAndRead(context, overridden,
						json.formatted(publicIds.encode(ID), publicIds.encode(ID + 1), publicIds.encode(ID + 2),
								publicIds.encode(ID + 3), publicIds.encode(ID + 4), publicIds.encode(ID + 5)));
				String id = Long.toString(ID);
				Map<String, String> internalForms = Map.of("snowflakeId", id, "explicit", id, "number", id, "string",
						"\"" + id + "\"", "explicitElements", "[" + id + "]", "numbers", "[" + id + "]");
				for (Map.Entry<String, String> internalForm : internalForms.entrySet()) {
					String property = internalForm.getKey();
					String internal = "{\"" + property + "\":" + internalForm.getValue() + "}";
					assertThatExceptionOfType(MismatchedInputException.class)
						.isThrownBy(() -> context.getBean(JsonMapper.class).readValue(internal, Overridden.class))
						.withMessageStartingWith("Invalid public ID for property '" + property + "'");
					assertThatExceptionOfType(com.fasterxml.jackson.databind.exc.MismatchedInputException.class)
						.isThrownBy(() -> context.getBean(ObjectMapper.class).readValue(internal, Overridden.class))
						.withMessageStartingWith("Invalid public ID for property '" + property + "'");
				}
			});
	}

	@Test
	void markedPropertyOfAnotherTypeFails() {
		this.runner.withPropertyValues("snowflake.public-ids.keys.b=" + KEY_B, "snowflake.public-ids.active-key=b")
			.run((context) -> assertThatExceptionOfType(Exception.class)
				.isThrownBy(() -> context.getBean(JsonMapper.class).writeValueAsString(new Misplaced("7")))
				.withStackTraceContaining("@PublicId on code applies to long, Long and containers of Long"));
	}

	@Test
	void userKeyRingBacksOff() {
		PublicIds own = new PublicIds(Map.of('q', Base64.getDecoder().decode(KEY_A)), 'q');
		this.runner.withBean(PublicIds.class, () -> own)
			.withPropertyValues("snowflake.public-ids.keys.b=" + KEY_B, "snowflake.public-ids.active-key=b")
			.run((context) -> assertThat(context.getBean(PublicIds.class)).isSameAs(own));
	}

	@Test
	void missingKeyFailsStartup() {
		assertInvalid("snowflake.public-ids.keys", "public IDs are configured but the key ring is empty",
				"snowflake.public-ids.active-key=a");
		assertInvalid("snowflake.public-ids.active-key", "no active key is chosen among the keys [a]",
				"snowflake.public-ids.keys.a=" + KEY_A);
		assertInvalid("snowflake.public-ids.active-key", "active key 'b' is not in the key ring [a]",
				"snowflake.public-ids.keys.a=" + KEY_A, "snowflake.public-ids.active-key=b");
		assertInvalid("snowflake.public-ids.active-key", "active key 'ab' is not a key identifier",
				"snowflake.public-ids.keys.a=" + KEY_A, "snowflake.public-ids.active-key=ab");
	}

	@Test
	void shortOrMalformedKeyFailsStartupWithoutShowingIt() {
		String shortKey = Base64.getEncoder().encodeToString(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 });
		assertInvalid("snowflake.public-ids.keys.a", "key 'a' is too short: 10 bytes, at least 16 needed",
				"snowflake.public-ids.keys.a=" + shortKey, "snowflake.public-ids.active-key=a");
		String notBase64 = "not*base64*at*all*but*a*secret*anyway";
		assertInvalid("snowflake.public-ids.keys.a", "key 'a' is not Base64 (37 characters)",
				"snowflake.public-ids.keys.a=" + notBase64, "snowflake.public-ids.active-key=a");
		assertInvalid("snowflake.public-ids.keys.a", "key 'a' has all bytes equal",
				"snowflake.public-ids.keys.a=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
				"snowflake.public-ids.active-key=a");
		assertInvalid("snowflake.public-ids.keys.b", "keys 'a' and 'b' are the same key",
				"snowflake.public-ids.keys.a=" + KEY_A, "snowflake.public-ids.keys.b=" + KEY_A,
				"snowflake.public-ids.active-key=a");
		assertInvalid("snowflake.public-ids.keys.ab", "key identifier 'ab' is not one lowercase letter a-z",
				"snowflake.public-ids.keys.ab=" + KEY_A, "snowflake.public-ids.active-key=a");
	}

	@Test
	void keyRingNeedsNoBouncyCastle() {
		this.runner.withClassLoader(new FilteredClassLoader("org.bouncycastle"))
			.withPropertyValues("snowflake.public-ids.keys.a=" + KEY_A, "snowflake.public-ids.active-key=a")
			.run((context) -> {
				PublicIds publicIds = context.getBean(PublicIds.class);
				assertThat(publicIds.decode(publicIds.encode(ID))).isEqualTo(ID);
			});
	}

	private void assertInvalid(String property, String message, String... properties) {
		this.runner.withPropertyValues(properties).run((context) -> {
			assertThat(context).getFailure().rootCause().isInstanceOf(InvalidSnowflakeConfigurationException.class);
			InvalidSnowflakeConfigurationException failure = (InvalidSnowflakeConfigurationException) rootCause(
					context.getStartupFailure());
			assertThat(failure.property()).isEqualTo(property);
			assertThat(failure.getMessage()).startsWith(message);
			FailureAnalysis analysis = analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains(property);
			for (String text : List.of(analysis.getDescription(), analysis.getAction(), failure.getMessage())) {
				for (String setting : properties) {
					String value = setting.substring(setting.indexOf('=') + 1);
					if (value.length() > 8) {
						assertThat(text).doesNotContain(value);
					}
				}
			}
		});
	}

	/**
	 * A well-formed string under the ring's active key (its identifier, then eleven
	 * digits) that decodes to no ID; about five random candidates in six do.
	 */
	private static String decodingToNothing(PublicIds publicIds) {
		SplittableRandom random = new SplittableRandom(ID);
		while (true) {
			String candidate = "%c%011d".formatted(publicIds.activeKeyId(), random.nextLong(100_000_000_000L));
			try {
				publicIds.decode(candidate);
			}
			catch (InvalidPublicIdException ex) {
				return candidate;
			}
		}
	}

	private static void assertReason(PublicIds publicIds, String text, Reason reason) {
		assertThatExceptionOfType(InvalidPublicIdException.class).isThrownBy(() -> publicIds.decode(text))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(reason));
	}

	/**
	 * Jackson 3 and Jackson 2 each write {@code value} as {@code json} and read it back.
	 */
	private static void assertBothWriteAndRead(ApplicationContext context, Object value, String json) throws Exception {
		JsonMapper jackson3 = context.getBean(JsonMapper.class);
		assertThat(jackson3.writeValueAsString(value)).isEqualTo(json);
		assertThat(jackson3.readValue(json, value.getClass())).usingRecursiveComparison().isEqualTo(value);
		ObjectMapper jackson2 = context.getBean(ObjectMapper.class);
		assertThat(jackson2.writeValueAsString(value)).isEqualTo(json);
		assertThat(jackson2.readValue(json, value.getClass())).usingRecursiveComparison().isEqualTo(value);
	}

	private static Throwable rootCause(Throwable failure) {
		Throwable cause = failure;
		while (cause.getCause() != null) {
			cause = cause.getCause();
		}
		return cause;
	}

	private static FailureAnalysis analyze(Throwable failure) throws ClassNotFoundException {
		FailureAnalyzer analyzer = (FailureAnalyzer) BeanUtils.instantiateClass(
				ClassUtils.forName("dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationFailureAnalyzer", null));
		FailureAnalysis analysis = analyzer.analyze(failure);
		assertThat(analysis).isNotNull();
		return analysis;
	}

	record Order(@PublicId long id, String item) {
	}

	record Lines(@PublicId List<Long> ids, @PublicId Long[] array, @PublicId Map<String, Long> byName,
			@PublicId Optional<Long> first, @PublicId @SnowflakeId Long both) {
	}

	record Misplaced(@PublicId String code) {
	}

	/**
	 * Every property is marked, and also annotated so that, unmarked, it would show the
	 * internal ID.
	 */
	record Overridden(@PublicId @SnowflakeId long snowflakeId,
			@PublicId @JsonSerialize(using = Jackson3Internal.Writer.class) @JsonDeserialize(
					using = Jackson3Internal.Reader.class) @com.fasterxml.jackson.databind.annotation.JsonSerialize(
							using = Jackson2Internal.Writer.class) @com.fasterxml.jackson.databind.annotation.JsonDeserialize(
									using = Jackson2Internal.Reader.class) long explicit,
			@PublicId @JsonFormat(shape = JsonFormat.Shape.NUMBER) Long number,
			@PublicId @JsonFormat(shape = JsonFormat.Shape.STRING) long string,
			@PublicId @JsonSerialize(contentUsing = Jackson3Internal.Writer.class) @JsonDeserialize(
					contentUsing = Jackson3Internal.Reader.class) @com.fasterxml.jackson.databind.annotation.JsonSerialize(
							contentUsing = Jackson2Internal.Writer.class) @com.fasterxml.jackson.databind.annotation.JsonDeserialize(
									contentUsing = Jackson2Internal.Reader.class) List<Long> explicitElements,
			@PublicId @JsonFormat(shape = JsonFormat.Shape.NUMBER) List<Long> numbers) {
	}

	/** Jackson 3 serializer and deserializer of the internal ID, a JSON number. */
	static final class Jackson3Internal {

		static final class Writer extends StdSerializer<Long> {

			Writer() {
				super(Long.class);
			}

			@Override
			public void serialize(Long value, JsonGenerator generator, SerializationContext context) {
				generator.writeNumber(value);
			}

		}

		static final class Reader extends ValueDeserializer<Long> {

			@Override
			public Long deserialize(JsonParser parser, DeserializationContext context) {
				return parser.getValueAsLong();
			}

		}

	}

	/** Jackson 2 serializer and deserializer of the internal ID, a JSON number. */
	static final class Jackson2Internal {

		static final class Writer extends com.fasterxml.jackson.databind.ser.std.StdSerializer<Long> {

			Writer() {
				super(Long.class);
			}

			@Override
			public void serialize(Long value, com.fasterxml.jackson.core.JsonGenerator generator,
					com.fasterxml.jackson.databind.SerializerProvider provider) throws java.io.IOException {
				generator.writeNumber(value);
			}

		}

		static final class Reader extends com.fasterxml.jackson.databind.JsonDeserializer<Long> {

			@Override
			public Long deserialize(com.fasterxml.jackson.core.JsonParser parser,
					com.fasterxml.jackson.databind.DeserializationContext context) throws java.io.IOException {
				return parser.getValueAsLong();
			}

		}

	}

}
