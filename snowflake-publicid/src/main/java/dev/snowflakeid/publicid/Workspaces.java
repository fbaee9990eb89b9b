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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Lends each caller of {@link PublicIds} a {@link Workspace} of its own for one call: a
 * text buffer and, per key, an {@link Ff1.Engine}, whose AES instance is not thread-safe
 * and costs microseconds to build.
 *
 * <p>
 * Workspaces sit in a fixed array of slots, twice the processors rounded up to a power of
 * two. A caller starts at the slot its thread hashes to and takes the first free one with
 * one compare-and-set, so a platform thread keeps finding the same slot, and virtual
 * threads, one per request, share slots instead of each building an AES instance (a
 * {@code ThreadLocal} would build one per virtual thread). Once a slot has an engine for
 * every key in use, a call allocates nothing here. When every slot is taken (more callers
 * at once than slots, such as threads descheduled while holding one), the caller gets a
 * workspace of its own for that call: slower, never blocking.
 */
final class Workspaces {

	private static final VarHandle BUSY;

	static {
		try {
			BUSY = MethodHandles.lookup().findVarHandle(Workspace.class, "busy", boolean.class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private final Ff1[] ciphers;

	private final int textLength;

	private final Workspace[] slots;

	/**
	 * @param ciphers FF1 by key index, {@code null} where the ring has no key (not
	 * copied: never changed)
	 * @param textLength length of each workspace's text buffer
	 */
	Workspaces(Ff1[] ciphers, int textLength) {
		this.ciphers = ciphers;
		this.textLength = textLength;
		int processors = Runtime.getRuntime().availableProcessors();
		this.slots = new Workspace[Integer.highestOneBit(Math.max(1, 2 * processors - 1)) << 1];
		for (int i = 0; i < this.slots.length; i++) {
			this.slots[i] = new Workspace(this);
		}
	}

	/** A workspace for the caller alone until {@link #release}. */
	Workspace acquire() {
		int hash = Thread.currentThread().hashCode();
		int start = hash ^ (hash >>> 16);
		int mask = this.slots.length - 1;
		for (int i = 0; i <= mask; i++) {
			Workspace workspace = this.slots[(start + i) & mask];
			if (!workspace.busy && BUSY.compareAndSet(workspace, false, true)) {
				return workspace;
			}
		}
		Workspace own = new Workspace(this);
		own.busy = true;
		return own;
	}

	void release(Workspace workspace) {
		BUSY.setRelease(workspace, false);
	}

	int slots() {
		return this.slots.length;
	}

	/**
	 * A text buffer and the engines of one caller at a time; engines are built on first
	 * use of their key.
	 */
	static final class Workspace {

		private volatile boolean busy;

		private final Workspaces owner;

		private final Ff1.Engine[] engines;

		/** Scratch for the caller's text, {@code textLength} bytes. */
		final byte[] text;

		private Workspace(Workspaces owner) {
			this.owner = owner;
			this.engines = new Ff1.Engine[owner.ciphers.length];
			this.text = new byte[owner.textLength];
		}

		/** Engine of the key at {@code keyIndex}, which must be in the ring. */
		Ff1.Engine engine(int keyIndex) {
			Ff1.Engine engine = this.engines[keyIndex];
			if (engine == null) {
				engine = this.owner.ciphers[keyIndex].newEngine();
				this.engines[keyIndex] = engine;
			}
			return engine;
		}

	}

}
