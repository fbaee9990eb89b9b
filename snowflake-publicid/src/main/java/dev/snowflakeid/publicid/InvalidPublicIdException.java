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
package dev.snowflakeid.publicid;

/**
 * A string that is not the public form of any ID under the current key ring. The message
 * names the {@linkplain #reason() reason} only: it never repeats the input nor any key
 * material. Web integrations answer every reason alike, as they answer an ID that names
 * nothing, so that a client learns nothing from the difference.
 */
public class InvalidPublicIdException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final Reason reason;

	public InvalidPublicIdException(Reason reason) {
		super("not a public ID: " + reason.description);
		this.reason = reason;
	}

	/** Why the string was rejected, for logs and the operator endpoint. */
	public Reason reason() {
		return this.reason;
	}

	/**
	 * Why a string is not a public ID.
	 */
	public enum Reason {

		/** Not exactly {@value PublicIds#LENGTH} characters (or {@code null}). */
		LENGTH("not " + PublicIds.LENGTH + " characters long"),

		/**
		 * The first character names no key in the ring (a removed key, or no key
		 * identifier at all).
		 */
		UNKNOWN_KEY("the first character names no key in the key ring"),

		/** A character after the first is outside {@code 0-9A-Za-z}. */
		CHARACTER("holds a character outside 0-9, A-Z and a-z"),

		/**
		 * Well-formed, but decrypts to a value outside 1 to {@link Long#MAX_VALUE}: made
		 * up, or altered.
		 */
		NOT_AN_ID("does not decode to an ID under its key");

		private final String description;

		Reason(String description) {
			this.description = description;
		}

		/** What is wrong, in words. */
		public String description() {
			return this.description;
		}

	}

}
