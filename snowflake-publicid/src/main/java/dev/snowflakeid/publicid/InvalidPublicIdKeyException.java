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

import org.jspecify.annotations.Nullable;

/**
 * A key ring that cannot make safe public IDs: empty, an identifier that is not a
 * lowercase letter, a key that is missing, too short, of a length AES does not take, a
 * placeholder, or shared by two identifiers, or an active key outside the ring. The
 * message names the key by its identifier, never its bytes.
 */
public class InvalidPublicIdKeyException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final @Nullable Character keyId;

	private final boolean activeKey;

	public InvalidPublicIdKeyException(@Nullable Character keyId, boolean activeKey, String message) {
		super(message);
		this.keyId = keyId;
		this.activeKey = activeKey;
	}

	/**
	 * Identifier of the offending key, or {@code null} when the ring as a whole is at
	 * fault.
	 */
	public @Nullable Character keyId() {
		return this.keyId;
	}

	/** Whether the choice of the active key is at fault rather than a key itself. */
	public boolean activeKey() {
		return this.activeKey;
	}

}
