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

import java.util.Objects;
import java.util.function.Supplier;

import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.Module;
import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.PublicIds;

/**
 * Jackson 2 module with the same behaviour as the Jackson 3 module
 * {@code dev.snowflakeid.jackson.PublicIdJacksonModule}: properties marked with
 * {@link PublicId} are written and read in their public form ({@link PublicIds}) only,
 * never as the internal ID; on containers and {@code Optional} the elements are. The
 * marking wins over {@code @SnowflakeId} and explicit Jackson annotations; without a key
 * ring a marked property fails when a mapper first meets it.
 */
public final class PublicIdJackson2Module extends Module {

	private final Supplier<PublicIds> publicIds;

	/**
	 * @param publicIds the key ring, or a supplier answering {@code null} while none is
	 * configured; asked when a mapper first meets a marked property
	 */
	public PublicIdJackson2Module(Supplier<PublicIds> publicIds) {
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
