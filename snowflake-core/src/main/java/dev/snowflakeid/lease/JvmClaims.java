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
package dev.snowflakeid.lease;

import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import org.jspecify.annotations.Nullable;

/**
 * Exclusive claims held inside this JVM, keyed by what they protect: a state file's real
 * path. An OS file lock does not tell two owners in one JVM apart (and names no owner);
 * this registry refuses the second owner and names the first. Static codes themselves are
 * claimed per code and region in {@link StaticCode}.
 */
final class JvmClaims {

	private static final ConcurrentMap<Object, Claim> claims = new ConcurrentHashMap<>();

	private JvmClaims() {
	}

	/**
	 * Claims {@code key} for {@code owner}.
	 * @return the claim to {@link Claim#release() release}, or {@code null} when another
	 * claim holds the key
	 */
	static @Nullable Claim claim(Object key, String owner) {
		Claim claim = new Claim(key, owner + ", since " + Instant.now());
		return (claims.putIfAbsent(key, claim) == null) ? claim : null;
	}

	/** Who holds {@code key} in this JVM, or {@code null}. */
	static @Nullable String holder(Object key) {
		Claim claim = claims.get(key);
		return (claim != null) ? claim.holder : null;
	}

	/**
	 * One held key; identity matters, so a stale claim never releases its successor's.
	 */
	static final class Claim {

		private final Object key;

		private final String holder;

		private Claim(Object key, String holder) {
			this.key = key;
			this.holder = holder;
		}

		/** Idempotent. */
		void release() {
			claims.remove(this.key, this);
		}

	}

}
