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

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Keys of the public IDs (@PublicId): a key ring with one active key.
 */
@ConfigurationProperties("snowflake.public-ids")
public class SnowflakePublicIdProperties {

	/**
	 * Identifier of the key that makes new public IDs: a lowercase letter, one of the
	 * keys.
	 */
	private @Nullable String activeKey;

	/**
	 * AES keys by identifier (a lowercase letter a-z): 16, 24 or 32 random bytes in
	 * Base64, such as the output of 'openssl rand -base64 32'. Public IDs made under any
	 * of them decode.
	 */
	private Map<String, String> keys = new LinkedHashMap<>();

	public @Nullable String getActiveKey() {
		return this.activeKey;
	}

	public void setActiveKey(@Nullable String activeKey) {
		this.activeKey = activeKey;
	}

	public Map<String, String> getKeys() {
		return this.keys;
	}

	public void setKeys(Map<String, String> keys) {
		this.keys = keys;
	}

	/** Key identifiers only; never key material. */
	@Override
	public String toString() {
		return "SnowflakePublicIdProperties[activeKey=" + this.activeKey + ", keys=" + new TreeSet<>(this.keys.keySet())
				+ "]";
	}

}
