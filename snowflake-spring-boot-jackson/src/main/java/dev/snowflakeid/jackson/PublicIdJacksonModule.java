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

import java.util.Objects;
import java.util.function.Supplier;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.PublicIds;
import tools.jackson.core.Version;
import tools.jackson.databind.JacksonModule;

/**
 * Jackson 3 module that writes and reads properties marked with {@link PublicId} in their
 * public form ({@link PublicIds}): a JSON string such as {@code "b4kQ9zT1xY0p"}, never
 * the internal ID. On collections, {@code Long[]}, map values and {@code Optional} the
 * elements are. Reading accepts only a JSON string that decodes under the key ring;
 * anything else, the internal ID included, fails with a
 * {@link tools.jackson.databind.exc.MismatchedInputException} whose message names the
 * property only.
 *
 * <p>
 * The marking wins over {@code @SnowflakeId} and explicit
 * {@code @JsonSerialize}/{@code @JsonDeserialize} on the same property. Without a key
 * ring (the supplier answers {@code null}) a marked property fails when a mapper first
 * meets it, rather than appear in its internal form.
 */
public final class PublicIdJacksonModule extends JacksonModule {

	private final Supplier<PublicIds> publicIds;

	/**
	 * @param publicIds the key ring, or a supplier answering {@code null} while none is
	 * configured; asked when a mapper first meets a marked property
	 */
	public PublicIdJacksonModule(Supplier<PublicIds> publicIds) {
		this.publicIds = Objects.requireNonNull(publicIds, "publicIds");
	}

	@Override
	public String getModuleName() {
		return "SnowflakePublicIdModule";
	}

	@Override
	public Version version() {
		return Version.unknownVersion();
	}

	@Override
	public void setupModule(SetupContext context) {
		context.insertAnnotationIntrospector(new PublicIdAnnotationIntrospector(this.publicIds));
	}

}
