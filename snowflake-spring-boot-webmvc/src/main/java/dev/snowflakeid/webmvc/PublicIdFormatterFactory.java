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
package dev.snowflakeid.webmvc;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.InvalidPublicIdException;
import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;
import dev.snowflakeid.publicid.PublicIds;

import org.springframework.format.AnnotationFormatterFactory;
import org.springframework.format.Formatter;
import org.springframework.format.Parser;
import org.springframework.format.Printer;

/**
 * Converts {@link PublicId}-marked {@code long}/{@code Long} values from and to their
 * public form wherever Spring's conversion service meets them: URI building and views
 * print the public form. A string that is not a public ID under the key ring fails with a
 * {@link PublicIdNotFoundException}; the internal form (digits) is not accepted.
 * Controller parameters and form fields do not rely on it alone, since the data binder
 * answers a failed conversion with its default number editor, which would accept the
 * internal ID: {@link PublicIdArgumentResolver} and {@link PublicIdBindingAdvice} decode
 * them first.
 */
public final class PublicIdFormatterFactory implements AnnotationFormatterFactory<PublicId> {

	private final Supplier<PublicIds> publicIds;

	/**
	 * @param publicIds the key ring; asked on every conversion, must not answer
	 * {@code null} then
	 */
	public PublicIdFormatterFactory(Supplier<PublicIds> publicIds) {
		this.publicIds = Objects.requireNonNull(publicIds, "publicIds");
	}

	@Override
	public Set<Class<?>> getFieldTypes() {
		return Set.of(Long.class, Long.TYPE);
	}

	@Override
	public Printer<?> getPrinter(PublicId annotation, Class<?> fieldType) {
		return new PublicIdFormatter(this.publicIds);
	}

	@Override
	public Parser<?> getParser(PublicId annotation, Class<?> fieldType) {
		return new PublicIdFormatter(this.publicIds);
	}

	private static final class PublicIdFormatter implements Formatter<Long> {

		private final Supplier<PublicIds> publicIds;

		PublicIdFormatter(Supplier<PublicIds> publicIds) {
			this.publicIds = publicIds;
		}

		@Override
		public String print(Long id, Locale locale) {
			return codec().encode(id);
		}

		@Override
		public Long parse(String text, Locale locale) {
			try {
				return codec().decode(text);
			}
			catch (InvalidPublicIdException ex) {
				throw new PublicIdNotFoundException(ex);
			}
		}

		private PublicIds codec() {
			PublicIds codec = this.publicIds.get();
			if (codec == null) {
				throw new MissingPublicIdKeyRingException("a @PublicId value is converted");
			}
			return codec;
		}

	}

}
