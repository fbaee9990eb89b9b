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
package dev.snowflakeid.testsupport;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.CommandOutput;
import org.jspecify.annotations.Nullable;

/**
 * Lettuce output for a reply of any shape, as the test servers' administrators read it: a
 * status or bulk reply as {@code String}, an integer as {@code Long}, an array as
 * {@code List} (nested as sent), nil as {@code null}. Error replies fail the command as
 * Lettuce's {@code RedisCommandExecutionException}.
 */
final class AnyReply extends CommandOutput<String, String, Object> {

	/**
	 * Arrays still being filled, innermost first, each with the number of elements it
	 * will hold.
	 */
	private final Deque<Open> open = new ArrayDeque<>();

	AnyReply() {
		super(StringCodec.UTF8, null);
	}

	@Override
	public void set(@Nullable ByteBuffer bytes) {
		add((bytes != null) ? this.codec.decodeValue(bytes) : null);
	}

	@Override
	public void setSingle(@Nullable ByteBuffer bytes) {
		set(bytes);
	}

	@Override
	public void set(long integer) {
		add(integer);
	}

	@Override
	public void set(double number) {
		add(number);
	}

	@Override
	public void set(boolean value) {
		add(value);
	}

	@Override
	public void multi(int count) {
		List<Object> array = new ArrayList<>(Math.max(count, 0));
		add(array);
		this.open.push(new Open(array, Math.max(count, 0)));
		closeFilled();
	}

	private void add(@Nullable Object value) {
		if (this.open.isEmpty()) {
			this.output = value;
			return;
		}
		this.open.peek().array().add(value);
		closeFilled();
	}

	private void closeFilled() {
		while (!this.open.isEmpty() && this.open.peek().array().size() >= this.open.peek().size()) {
			this.open.pop();
		}
	}

	private record Open(List<Object> array, int size) {
	}

}
