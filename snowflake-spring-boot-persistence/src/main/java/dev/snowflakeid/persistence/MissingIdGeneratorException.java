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
package dev.snowflakeid.persistence;

import dev.snowflakeid.IdGenerator;

/**
 * Thrown when an attribute annotated with {@link GeneratedSnowflakeId} needs an
 * {@link IdGenerator} bean and the application context has none, or more than one without
 * a primary.
 */
public class MissingIdGeneratorException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final String attribute;

	private final String reason;

	/**
	 * Creates an exception.
	 * @param attribute the annotated attribute, as {@code EntityClass.attribute}
	 * @param reason why no generator could be had
	 */
	public MissingIdGeneratorException(String attribute, String reason) {
		super("Cannot assign @GeneratedSnowflakeId " + attribute + ": " + reason);
		this.attribute = attribute;
		this.reason = reason;
	}

	/**
	 * Annotated attribute, as {@code EntityClass.attribute}.
	 */
	public String getAttribute() {
		return this.attribute;
	}

	/**
	 * Why no generator could be had.
	 */
	public String getReason() {
		return this.reason;
	}

}
