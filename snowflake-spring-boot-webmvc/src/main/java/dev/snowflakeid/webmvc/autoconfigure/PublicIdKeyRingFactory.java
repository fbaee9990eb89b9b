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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.publicid.InvalidPublicIdKeyException;
import dev.snowflakeid.publicid.PublicIds;

/**
 * Builds {@link PublicIds} from {@code snowflake.public-ids.*}, turning every problem
 * into an {@link InvalidSnowflakeConfigurationException} that names the property. The key
 * rules themselves live in {@link PublicIds}; this class only reads the properties. No
 * message carries key material.
 */
final class PublicIdKeyRingFactory {

	private static final String PREFIX = OnPublicIdsConfiguredCondition.PREFIX;

	private static final String NEW_KEY = "Generate each key with 'openssl rand -base64 32' and supply it from a secret "
			+ "store or the environment (SNOWFLAKE_PUBLICIDS_KEYS_<ID>), never from source control.";

	private PublicIdKeyRingFactory() {
	}

	static PublicIds create(SnowflakePublicIdProperties properties) {
		Map<String, String> configured = properties.getKeys();
		String active = properties.getActiveKey();
		if (configured.isEmpty()) {
			throw new InvalidSnowflakeConfigurationException(PREFIX + ".keys",
					"public IDs are configured but the key ring is empty", "Add at least one key, such as " + PREFIX
							+ ".keys.a, and set " + PREFIX + ".active-key to its identifier. " + NEW_KEY);
		}
		if (active == null || active.isBlank()) {
			throw new InvalidSnowflakeConfigurationException(PREFIX + ".active-key",
					"no active key is chosen among the keys " + new TreeSet<>(configured.keySet()),
					"Set " + PREFIX + ".active-key to the identifier of the key that makes new public IDs.");
		}
		if (active.length() != 1 || !PublicIds.isKeyId(active.charAt(0))) {
			throw new InvalidSnowflakeConfigurationException(PREFIX + ".active-key",
					"active key '" + active + "' is not a key identifier (one lowercase letter a-z)",
					"Set " + PREFIX + ".active-key to one of " + new TreeSet<>(configured.keySet()) + ".");
		}
		Map<Character, byte[]> keys = new LinkedHashMap<>();
		for (Map.Entry<String, String> entry : configured.entrySet()) {
			String id = entry.getKey();
			String property = PREFIX + ".keys." + id;
			if (id.length() != 1 || !PublicIds.isKeyId(id.charAt(0))) {
				throw new InvalidSnowflakeConfigurationException(property,
						"key identifier '" + id + "' is not one lowercase letter a-z",
						"Name each key with one lowercase letter, such as " + PREFIX + ".keys.a.");
			}
			String value = entry.getValue();
			if (value == null || value.isBlank()) {
				throw new InvalidSnowflakeConfigurationException(property, "key '" + id + "' is missing", NEW_KEY);
			}
			try {
				keys.put(id.charAt(0), Base64.getDecoder().decode(value));
			}
			catch (IllegalArgumentException ex) {
				// The decoder's message may quote a character of the key: leave it out.
				throw new InvalidSnowflakeConfigurationException(property,
						"key '" + id + "' is not Base64 (" + value.length() + " characters)", NEW_KEY);
			}
		}
		try {
			return new PublicIds(keys, active.charAt(0));
		}
		catch (InvalidPublicIdKeyException ex) {
			String property = ex.activeKey() ? PREFIX + ".active-key"
					: (ex.keyId() != null) ? PREFIX + ".keys." + ex.keyId() : PREFIX + ".keys";
			String action = ex.activeKey() ? "Set " + PREFIX + ".active-key to one of "
					+ new TreeSet<>(configured.keySet()) + ", or add that key to the ring." : NEW_KEY;
			String description = Objects.requireNonNull(ex.getMessage(), "PublicIds explains every refusal");
			throw new InvalidSnowflakeConfigurationException(property, description, action);
		}
	}

}
