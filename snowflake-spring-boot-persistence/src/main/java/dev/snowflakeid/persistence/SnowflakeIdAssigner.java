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
package dev.snowflakeid.persistence;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.PersistentProperty;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.context.MappingContext;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.InstantiationAwarePropertyAccessor;

/**
 * Assigns the {@link GeneratedSnowflakeId} attributes of an entity known to a Spring Data
 * {@link MappingContext} (JDBC, R2DBC, MongoDB) when they are {@code null}, {@code 0} or
 * empty text, from the application's {@link IdGenerator}. What the Spring Data callbacks
 * of every store share: the attributes of the entity itself are assigned, those of
 * entities nested in it are left alone, and immutable entities (records, withers) are
 * supported by returning a new instance.
 *
 * <p>
 * Needs Spring Data Commons, which every Spring Data store brings; nothing else in this
 * package loads it.
 */
public final class SnowflakeIdAssigner {

	private final MappingContext<? extends PersistentEntity<?, ?>, ?> mappingContext;

	private final ObjectProvider<IdGenerator> ids;

	private final IdFormats.Form form;

	private final @Nullable BeanFactory beans;

	private final EntityInstantiators instantiators = new EntityInstantiators();

	/**
	 * Creates an assigner.
	 * @param mappingContext the store's mapping context
	 * @param ids the application's ID generator, resolved when first needed
	 */
	public SnowflakeIdAssigner(MappingContext<? extends PersistentEntity<?, ?>, ?> mappingContext,
			ObjectProvider<IdGenerator> ids) {
		this(mappingContext, ids, IdFormats.Form.DECIMAL);
	}

	/**
	 * Creates an assigner that writes {@code String} attributes in {@code form}.
	 * @param mappingContext the store's mapping context
	 * @param ids the application's ID generator, resolved when first needed
	 * @param form the form of text attributes, from the {@link GeneratedSnowflakeIdForm}
	 * bean
	 */
	public SnowflakeIdAssigner(MappingContext<? extends PersistentEntity<?, ?>, ?> mappingContext,
			ObjectProvider<IdGenerator> ids, IdFormats.Form form) {
		this(mappingContext, ids, form, null);
	}

	/**
	 * Creates an assigner that also takes the generators that
	 * {@link GeneratedSnowflakeId#generator()} names, by bean name, from {@code beans}.
	 * @param mappingContext the store's mapping context
	 * @param ids the application's ID generator, resolved when first needed
	 * @param form the form of text attributes, from the {@link GeneratedSnowflakeIdForm}
	 * bean
	 * @param beans where named generators are looked up when first needed, or
	 * {@code null} to refuse attributes that name one
	 */
	public SnowflakeIdAssigner(MappingContext<? extends PersistentEntity<?, ?>, ?> mappingContext,
			ObjectProvider<IdGenerator> ids, IdFormats.Form form, @Nullable BeanFactory beans) {
		this.mappingContext = mappingContext;
		this.ids = ids;
		this.form = form;
		this.beans = beans;
	}

	/**
	 * Assigns the entity's unset annotated attributes.
	 * @param entity the entity about to be converted for its store
	 * @return the entity, or a new instance of an immutable one with its attributes
	 * assigned
	 * @throws IllegalStateException naming the attribute when an annotated attribute is
	 * not {@code Long}, {@code long} or {@code String}
	 * @throws MissingIdGeneratorException when an attribute needs an ID and the
	 * application context has no single {@code IdGenerator}
	 */
	public Object assign(Object entity) {
		PersistentEntity<?, ?> persistentEntity = this.mappingContext.getPersistentEntity(entity.getClass());
		if (persistentEntity == null) {
			return entity;
		}
		@Nullable PersistentPropertyAccessor<Object> accessor = null;
		for (PersistentProperty<?> property : persistentEntity) {
			if (!property.isAnnotationPresent(GeneratedSnowflakeId.class)) {
				continue;
			}
			if (accessor == null) {
				accessor = new InstantiationAwarePropertyAccessor<>(entity, persistentEntity::getPropertyAccessor,
						this.instantiators);
			}
			if (GeneratedSnowflakeIdRules.isUnassigned(accessor.getProperty(property))) {
				accessor.setProperty(property, nextId(persistentEntity, property));
			}
		}
		return (accessor != null) ? accessor.getBean() : entity;
	}

	private Object nextId(PersistentEntity<?, ?> entity, PersistentProperty<?> property) {
		String attribute = entity.getType().getName() + "." + property.getName();
		boolean text;
		try {
			text = GeneratedSnowflakeIdRules.holdsText(attribute, property.getType());
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException(ex.getMessage());
		}
		GeneratedSnowflakeId annotation = property.findAnnotation(GeneratedSnowflakeId.class);
		String name = (annotation != null) ? annotation.generator() : "";
		IdGenerator generator = name.isEmpty() ? this.ids.getIfUnique()
				: GeneratedSnowflakeIdRules.named(attribute, name, this.beans);
		if (generator == null) {
			throw GeneratedSnowflakeIdRules.noSingleGenerator(attribute);
		}
		return GeneratedSnowflakeIdRules.inForm(generator.nextId(), text, this.form);
	}

}
