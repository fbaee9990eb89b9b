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
package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.IdFormats;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How IDs are written as text, read alike by the Jackson, web, OpenAPI, endpoint and
 * persistence modules.
 */
@ConfigurationProperties("snowflake.format")
public class SnowflakeFormatProperties {

	/**
	 * String form of IDs in JSON, request paths and parameters, OpenAPI documents, the
	 * snowflake endpoint and String attributes annotated @GeneratedSnowflakeId: decimal
	 * (unpadded digits), base62 (11 characters) or crockford32 (13 characters); the
	 * padded forms sort as the numbers do.
	 */
	private IdFormats.Form string = IdFormats.Form.DECIMAL;

	public IdFormats.Form getString() {
		return this.string;
	}

	public void setString(IdFormats.Form string) {
		this.string = string;
	}

}
