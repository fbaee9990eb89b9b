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
package dev.snowflakeid.jackson2.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * JSON representation of IDs in Jackson 2 mappers: the same {@code snowflake.jackson.*}
 * keys as the Jackson 3 module binds, so one setting applies to both. Not deprecated
 * itself, so that IDEs do not mark the keys the Jackson 3 module reads; it goes with
 * {@link SnowflakeJackson2AutoConfiguration}.
 */
@ConfigurationProperties("snowflake.jackson")
public class SnowflakeJackson2Properties {

	/**
	 * Whether to register the Jackson modules that write IDs as strings.
	 */
	private boolean enabled = true;

	/**
	 * Whether to write every long and Long as a JSON string, not only properties marked
	 * as IDs (and to document them so in OpenAPI).
	 */
	private boolean writeAllLongsAsStrings = false;

	/**
	 * How properties marked as IDs are written: string (in snowflake.format.string), or
	 * number-when-safe (a JSON number below 2^53; only with a layout whose IDs stay below
	 * 2^53 for the required lifetime, such as snowflake.layout.preset=js-safe).
	 */
	private WriteAs writeAs = WriteAs.STRING;

	public WriteAs getWriteAs() {
		return this.writeAs;
	}

	public void setWriteAs(WriteAs writeAs) {
		this.writeAs = writeAs;
	}

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public boolean isWriteAllLongsAsStrings() {
		return this.writeAllLongsAsStrings;
	}

	public void setWriteAllLongsAsStrings(boolean writeAllLongsAsStrings) {
		this.writeAllLongsAsStrings = writeAllLongsAsStrings;
	}

	/** How properties marked as IDs are written. */
	public enum WriteAs {

		/** A JSON string in the configured form. */
		STRING,

		/** A JSON number while below 2^53, a JSON string above. */
		NUMBER_WHEN_SAFE

	}

}
