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

import java.beans.PropertyEditorSupport;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.InvalidPublicIdException;
import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;
import dev.snowflakeid.publicid.PublicIds;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.BeanUtils;
import org.springframework.beans.PropertyAccessException;
import org.springframework.core.ResolvableType;
import org.springframework.validation.BindingErrorProcessor;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * Binds {@link PublicId} fields ({@code long} or {@code Long}, record components
 * included) of form and query objects, {@code @ModelAttribute} or unannotated, from their
 * public form only, through setters, fields or the constructor. Spring's conversion alone
 * would not do: when the annotation-driven conversion fails, the data binder falls back
 * to its default number editor, which accepts the internal ID in decimal or hexadecimal
 * digits. A property editor registered for each marked field takes precedence over both.
 * A string that is not a public ID is a {@link PublicIdNotFoundException},
 * {@code 404 Not Found}, as for a {@code @PathVariable}, rather than a binding error,
 * whose {@code 400} would tell a made-up string from an ID that names nothing.
 *
 * <p>
 * Covers the fields declared on the bound class and its superclasses; not nested paths
 * ({@code customer.id}) nor collections: bind those as {@code String} and decode with
 * {@link PublicIds}.
 */
@ControllerAdvice
public final class PublicIdBindingAdvice {

	private final Supplier<PublicIds> publicIds;

	private final ClassValue<List<Field>> marked = new ClassValue<>() {

		@Override
		protected List<Field> computeValue(Class<?> type) {
			return markedFields(type);
		}

	};

	/**
	 * @param publicIds the key ring; asked when a marked field is bound, must not answer
	 * {@code null} then
	 */
	public PublicIdBindingAdvice(Supplier<PublicIds> publicIds) {
		this.publicIds = Objects.requireNonNull(publicIds, "publicIds");
	}

	/**
	 * Fields of {@code type} and its superclasses that are marked {@link PublicId} and
	 * hold an ID; empty for simple values, which are bound by
	 * {@link PublicIdArgumentResolver} instead.
	 */
	static List<Field> markedFields(Class<?> type) {
		List<Field> fields = new ArrayList<>();
		if (BeanUtils.isSimpleValueType(type)) {
			return fields;
		}
		for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
			for (Field field : c.getDeclaredFields()) {
				Class<?> fieldType = field.getType();
				if (field.isAnnotationPresent(PublicId.class) && !Modifier.isStatic(field.getModifiers())
						&& (fieldType == Long.class || fieldType == Long.TYPE)) {
					fields.add(field);
				}
			}
		}
		return fields;
	}

	/** Registers an editor for each marked field of the bound class, if any. */
	@InitBinder
	public void bindPublicIds(WebDataBinder binder) {
		Class<?> type = (binder.getTarget() != null) ? binder.getTarget().getClass() : resolve(binder.getTargetType());
		if (type == null) {
			return;
		}
		List<Field> fields = this.marked.get(type);
		if (fields.isEmpty()) {
			return;
		}
		for (Field field : fields) {
			binder.registerCustomEditor(field.getType(), field.getName(), new PublicIdEditor(this.publicIds));
		}
		binder.setBindingErrorProcessor(new NotFoundFirst(binder.getBindingErrorProcessor()));
	}

	private static @Nullable Class<?> resolve(@Nullable ResolvableType type) {
		return (type != null) ? type.resolve() : null;
	}

	/**
	 * Public form to ID and back; anything else is a {@link PublicIdNotFoundException}.
	 */
	private static final class PublicIdEditor extends PropertyEditorSupport {

		private final Supplier<PublicIds> publicIds;

		PublicIdEditor(Supplier<PublicIds> publicIds) {
			this.publicIds = publicIds;
		}

		@Override
		public void setAsText(String text) {
			if (text == null || text.isEmpty()) {
				setValue(null);
				return;
			}
			try {
				setValue(codec().decode(text));
			}
			catch (InvalidPublicIdException ex) {
				throw new PublicIdNotFoundException(ex);
			}
		}

		@Override
		public String getAsText() {
			return (getValue() instanceof Long id) ? codec().encode(id) : "";
		}

		private PublicIds codec() {
			PublicIds codec = this.publicIds.get();
			if (codec == null) {
				throw new MissingPublicIdKeyRingException("a @PublicId field is bound");
			}
			return codec;
		}

	}

	/**
	 * Lets a {@link PublicIdNotFoundException} from a setter or field binding through,
	 * which the binder would otherwise record as a binding error; constructor binding
	 * lets it through by itself.
	 */
	private record NotFoundFirst(BindingErrorProcessor delegate) implements BindingErrorProcessor {

		@Override
		public void processMissingFieldError(String missingField, BindingResult bindingResult) {
			this.delegate.processMissingFieldError(missingField, bindingResult);
		}

		@Override
		public void processPropertyAccessException(PropertyAccessException ex, BindingResult bindingResult) {
			if (ex.getCause() instanceof PublicIdNotFoundException notFound) {
				throw notFound;
			}
			this.delegate.processPropertyAccessException(ex, bindingResult);
		}

	}

}
