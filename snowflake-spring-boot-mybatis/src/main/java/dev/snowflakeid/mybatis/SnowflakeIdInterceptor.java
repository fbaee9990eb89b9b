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
package dev.snowflakeid.mybatis;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.persistence.GeneratedSnowflakeIdRules;
import org.apache.ibatis.executor.Executor;
import org.apache.ibatis.mapping.MappedStatement;
import org.apache.ibatis.mapping.SqlCommandType;
import org.apache.ibatis.plugin.Interceptor;
import org.apache.ibatis.plugin.Intercepts;
import org.apache.ibatis.plugin.Invocation;
import org.apache.ibatis.plugin.Signature;
import org.apache.ibatis.reflection.MetaObject;
import org.apache.ibatis.reflection.property.PropertyNamer;
import org.apache.ibatis.session.Configuration;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;

/**
 * MyBatis interceptor that assigns the {@link GeneratedSnowflakeId} properties of an
 * {@code INSERT} statement's parameter objects from the application's {@link IdGenerator}
 * when they are {@code null}, {@code 0} or empty text, before the statement binds them. A
 * value set by the caller is kept.
 *
 * <p>
 * The parameter objects are the statement's parameter itself, the values of a
 * {@code @Param} map and the elements of a collection or array among them, so
 * {@code <foreach>} batch inserts get one ID per element. An annotated field or getter is
 * written through MyBatis's own reflection (its setter, or else the field); a
 * {@code final} field, such as a record's, cannot be and fails naming it. Updates,
 * deletes and selects are left alone, and so are the fields of nested objects.
 *
 * <p>
 * Do not combine it with a {@code <selectKey>} or {@code useGeneratedKeys} on the same
 * property: those write the key after this interceptor has.
 */
@Intercepts(@Signature(type = Executor.class, method = "update", args = { MappedStatement.class, Object.class }))
public final class SnowflakeIdInterceptor implements Interceptor {

	private static final ClassValue<List<Attribute>> ATTRIBUTES = new ClassValue<>() {

		@Override
		protected List<Attribute> computeValue(Class<?> type) {
			return attributesOf(type);
		}

	};

	private final ObjectProvider<IdGenerator> ids;

	private final IdFormats.Form form;

	private final @Nullable BeanFactory beans;

	/**
	 * Creates an interceptor.
	 * @param ids the application's ID generator, resolved when first needed
	 */
	public SnowflakeIdInterceptor(ObjectProvider<IdGenerator> ids) {
		this(ids, IdFormats.Form.DECIMAL);
	}

	/**
	 * Creates an interceptor that writes {@code String} properties in {@code form}.
	 * @param ids the application's ID generator, resolved when first needed
	 * @param form the form of text properties, from the
	 * {@link dev.snowflakeid.persistence.GeneratedSnowflakeIdForm} bean
	 */
	public SnowflakeIdInterceptor(ObjectProvider<IdGenerator> ids, IdFormats.Form form) {
		this(ids, form, null);
	}

	/**
	 * Creates an interceptor that writes {@code String} properties in {@code form} and
	 * takes the generators that {@code @GeneratedSnowflakeId(generator = ...)} names from
	 * {@code beans}.
	 * @param ids the application's ID generator, resolved when first needed
	 * @param form the form of text properties
	 * @param beans where named generators are looked up, by bean name, or {@code null} to
	 * refuse properties that name one
	 */
	public SnowflakeIdInterceptor(ObjectProvider<IdGenerator> ids, IdFormats.Form form, @Nullable BeanFactory beans) {
		this.ids = ids;
		this.form = form;
		this.beans = beans;
	}

	/**
	 * Assigns the unset annotated properties of an {@code INSERT}'s parameter objects,
	 * then runs the statement.
	 * @throws IllegalStateException naming the attribute when it is not {@code Long},
	 * {@code long} or {@code String}, or cannot be written
	 * @throws dev.snowflakeid.persistence.MissingIdGeneratorException when an attribute
	 * needs an ID and the application context has no single {@code IdGenerator}
	 */
	@Override
	public Object intercept(Invocation invocation) throws Throwable {
		Object[] args = invocation.getArgs();
		MappedStatement statement = (MappedStatement) args[0];
		if (statement.getSqlCommandType() == SqlCommandType.INSERT && args[1] != null) {
			assign(statement.getConfiguration(), args[1], Collections.newSetFromMap(new IdentityHashMap<>()));
		}
		return invocation.proceed();
	}

	private void assign(Configuration configuration, @Nullable Object parameter, Set<Object> seen) {
		if (parameter == null || !seen.add(parameter)) {
			return;
		}
		if (parameter instanceof Map<?, ?> map) {
			map.values().forEach((value) -> assign(configuration, value, seen));
		}
		else if (parameter instanceof Iterable<?> elements) {
			elements.forEach((element) -> assign(configuration, element, seen));
		}
		else if (parameter instanceof Object[] elements) {
			for (Object element : elements) {
				assign(configuration, element, seen);
			}
		}
		else {
			assignAttributes(configuration, parameter);
		}
	}

	private void assignAttributes(Configuration configuration, Object entity) {
		List<Attribute> attributes = ATTRIBUTES.get(entity.getClass());
		if (attributes.isEmpty()) {
			return;
		}
		MetaObject meta = configuration.newMetaObject(entity);
		for (Attribute attribute : attributes) {
			if (GeneratedSnowflakeIdRules.isUnassigned(meta.getValue(attribute.property()))) {
				if (!meta.hasSetter(attribute.property()) || attribute.isFinal()) {
					throw new IllegalStateException("@GeneratedSnowflakeId " + attribute.name()
							+ " cannot be assigned: it has neither a setter nor a non-final field");
				}
				meta.setValue(attribute.property(), nextId(attribute));
			}
		}
	}

	private Object nextId(Attribute attribute) {
		boolean text;
		try {
			text = GeneratedSnowflakeIdRules.holdsText(attribute.name(), attribute.type());
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException(ex.getMessage());
		}
		IdGenerator generator = attribute.generator().isEmpty() ? this.ids.getIfUnique()
				: GeneratedSnowflakeIdRules.named(attribute.name(), attribute.generator(), this.beans);
		if (generator == null) {
			throw GeneratedSnowflakeIdRules.noSingleGenerator(attribute.name());
		}
		return GeneratedSnowflakeIdRules.inForm(generator.nextId(), text, this.form);
	}

	private static List<Attribute> attributesOf(Class<?> type) {
		if (type.isPrimitive() || type.isArray() || type.getName().startsWith("java.")) {
			return List.of();
		}
		List<Attribute> attributes = new ArrayList<>();
		for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
			for (Field field : current.getDeclaredFields()) {
				GeneratedSnowflakeId annotation = field.getAnnotation(GeneratedSnowflakeId.class);
				if (annotation != null) {
					attributes.add(new Attribute(type.getName() + "." + field.getName(), field.getName(),
							field.getType(), Modifier.isFinal(field.getModifiers()), annotation.generator()));
				}
			}
			for (Method method : current.getDeclaredMethods()) {
				GeneratedSnowflakeId annotation = method.getAnnotation(GeneratedSnowflakeId.class);
				if (annotation != null && method.getParameterCount() == 0 && PropertyNamer.isGetter(method.getName())) {
					String property = PropertyNamer.methodToProperty(method.getName());
					attributes.add(new Attribute(type.getName() + "." + property, property, method.getReturnType(),
							false, annotation.generator()));
				}
			}
		}
		return List.copyOf(attributes);
	}

	/**
	 * An annotated property: its name for messages, its MyBatis property name and type,
	 * and the generator it names (empty for the application's).
	 */
	private record Attribute(String name, String property, Class<?> type, boolean isFinal, String generator) {
	}

}
